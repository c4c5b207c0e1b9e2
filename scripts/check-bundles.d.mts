// Types of check-bundles.mjs.
import type { WidgetManifest } from '../lib/widgets/frame-document.mjs';

export function checkBundles(nextDir?: string): string[];
/** The heaviest frame document a widget realistically has, rendered as the server renders it. */
export function heaviestFrameDocument(manifest: WidgetManifest): string;
