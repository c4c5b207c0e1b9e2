// Types of chromium.cjs.
export const DEBIAN_CHROMIUM: string;
export const CHROMIUM_ARGS: string[];
export function chromiumPath(): string;
export function bundledChromium(cacheRoot?: string): string;
