// Types of build-if-needed.mjs.
export function sourceStamp(dir?: string): string;
export function buildIfNeeded(options?: { force?: boolean }): boolean;
