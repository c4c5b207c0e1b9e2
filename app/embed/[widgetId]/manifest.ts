import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WidgetManifest } from '@/lib/widgets/frame-document.mjs';

let built: WidgetManifest | undefined;

/**
 * The frame's script and stylesheet as scripts/build-widget.mjs wrote them: read once from the build
 * (`npm run dev` rebuilds them while it runs, server/widget-dev.mjs, so there it reads them on each request).
 */
export function manifest(): WidgetManifest {
  if (built) return built;
  const read = JSON.parse(readFileSync(join(process.cwd(), '.next', 'widget-manifest.json'), 'utf8')) as WidgetManifest;
  if (process.env.NODE_ENV === 'production') built = read;
  return read;
}
