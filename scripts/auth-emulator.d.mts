// Types of auth-emulator.mjs for the TypeScript tests that start an emulator of their own.
export const DEMO_PROJECT_ID: string;
export function freePort(): Promise<number>;
export function startAuthEmulator(options?: {
  port?: number;
  dataDir?: string;
  projectId?: string;
  timeoutMs?: number;
  detached?: boolean;
}): Promise<{
  host: string;
  projectId: string;
  stop: () => Promise<void>;
}>;
