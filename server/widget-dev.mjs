// `npm run dev`: the widget's standalone frame (scripts/build-widget.mjs) is built when the dev server starts
// and again when a source of it changes, into `.next` where Next's dev server serves `/_next/static/`. The
// frame's route (app/embed/[widgetId]/frame.ts) reads its manifest on every request in development.
import { watch } from 'node:fs';
import { join } from 'node:path';
import { buildWidget } from '../scripts/build-widget.mjs';

/** Where the frame's sources live: its components, the ones it shares with the inbox, lib/ and the texts. */
const SOURCES = ['components', 'lib', 'messages', 'app/theme.css'];
const QUIET_MS = 200;

async function rebuild(root) {
  try {
    const { script, stylesheet } = await buildWidget(join(root, '.next'));
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
