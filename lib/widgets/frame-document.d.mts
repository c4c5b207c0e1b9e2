// Types of frame-document.mjs.
export type WidgetManifest = {
  script: { path: string; rawBytes: number; gzipBytes: number };
  stylesheet: { path: string; rawBytes: number; gzipBytes: number };
};

export function frameDocument(options: {
  locale: string;
  title: string;
  /** The widget app's props (components/widget/use-widget-panel.ts `WidgetProps`). */
  props: unknown;
  nonce: string;
  manifest: WidgetManifest;
}): string;
