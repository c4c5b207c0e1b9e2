import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WidgetManifest } from '@/lib/widgets/frame-document.mjs';

let built: WidgetManifest | undefined;

const production = process.env.NODE_ENV === 'production';

/**
 * The frame's script and stylesheet as scripts/build-widget.mjs wrote them: read once from the build, or on
 * each request from `.next/dev`, where `npm run dev` rebuilds them while it runs (server/widget-dev.mjs).
 */
export function manifest(): WidgetManifest {
  if (built) return built;
  const dir = production ? '.next' : join('.next', 'dev');
  const read = JSON.parse(readFileSync(join(process.cwd(), dir, 'widget-manifest.json'), 'utf8')) as WidgetManifest;
  if (production) built = read;
  return read;
}
