// Types of servers.mjs for the TypeScript tests that start the app with it.
export const root: string;
export const nextBin: string;
export function freePort(): Promise<number>;
export type StartedServer = {
  label: string;
  pid: number;
  origin: string;
  exited: Promise<unknown>;
  stop: () => Promise<void>;
  log: () => string;
  output: () => string;
};
export function startNext(options: {
  label: string;
  dir: string;
  readyPath: string;
  viaStartScript?: boolean;
  dev?: boolean;
  ownSiteUrl?: boolean;
  port?: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<StartedServer>;
export function startStaticServer(options: {
  label: string;
  body: Buffer;
  contentType?: string;
}): Promise<StartedServer>;
