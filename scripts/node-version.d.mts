// Types of node-version.mjs.
export const SUPPORTED_NODE: string;
export function unsupportedNodeWarning(version?: string): string | null;
export function warnIfUnsupportedNode(): void;
