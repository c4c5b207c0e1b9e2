// Types of bench/widget-bytes.mjs for the tests that import it.
export type Sizes = { raw: number; gzip: number; brotli: number };
export type WidgetFile = Sizes & { url: string; kind: 'document' | 'script' | 'stylesheet' };

export function referencedAssets(html: string, base: string): string[];
export function compressedSizes(body: Uint8Array): Sizes;
export function widgetBytes(
  origin: string,
  widgetId: string,
): Promise<{ opened: WidgetFile[]; total: Sizes; launcher: Sizes & { url: string } }>;
