// Types of build-widget.mjs for the tests that build the widget's frame.
export type WidgetFile = { path: string; rawBytes: number; gzipBytes: number };
export function buildWidget(nextDir?: string): Promise<{ script: WidgetFile; stylesheet: WidgetFile }>;
