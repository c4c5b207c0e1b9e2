// `npm run dev`: the widget's standalone frame (scripts/build-widget.mjs) is built when the dev server starts
// and again when a source of it changes, into `.next/dev`, the dev server's own build directory, from which
// it serves `/_next/static/` (the production build in `.next` stays as it is). The frame's route
// (app/embed/[widgetId]/manifest.ts) reads the manifest there on every request in development.
import { watch } from 'node:fs';
import { join } from 'node:path';
import { buildWidget } from '../scripts/build-widget.mjs';

/** Where the frame's sources live: its components, the ones it shares with the inbox, lib/ and the texts. */
const SOURCES = ['components', 'lib', 'messages', 'app/theme.css'];
const QUIET_MS = 200;
/** Next 16's build directory for `next dev` (distDir + `/dev`); app/embed/[widgetId]/manifest.ts reads it too. */
const DEV_DIR = join('.next', 'dev');

async function rebuild(root) {
  try {
    const { script, stylesheet } = await buildWidget(join(root, DEV_DIR));
    console.log(`Widget frame built: script ${script.gzipBytes} B, stylesheet ${stylesheet.gzipBytes} B (gzip).`);
  } catch (error) {
    // A syntax error while editing: the last frame stays until the next save builds again.
    console.error(`Widget frame not built: ${error.message}`);
  }
}

/** Builds the frame now, then after each burst of changes to its sources (answers once the first build is done). */
export async function buildWidgetWhileDeveloping(root) {
  await rebuild(root);
  let timer;
  for (const source of SOURCES)
    watch(join(root, source), { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => void rebuild(root), QUIET_MS);
    }).unref();
}
