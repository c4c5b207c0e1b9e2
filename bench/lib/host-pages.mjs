// A customer's pages for the widget's Lighthouse runs (issue 37, point 5): one server on 127.0.0.1 (another site
// than the app's localhost) answering each kind of page with or without the snippet:
//   /<kind>          the page alone
//   /<kind>/snippet  the same page with the widget's snippet
// Kinds: `bare`; `csp`, a strict Content-Security-Policy naming only what the README tells a host to allow;
// `coep`, cross-origin isolated; `down`, the snippet's origin refusing connections.
import { createServer } from 'node:http';
import { freePort } from './servers.mjs';

const PARAGRAPHS = Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Section ${i + 1}. Our linen shirts are woven in Portugal and washed twice before they ship, so they keep ` +
    'their shape. Free returns within 30 days; orders before 2 pm leave the same day.</p>',
).join('');

export const HOST_PAGE_KINDS = ['bare', 'csp', 'coep', 'down'];

/**
 * Starts the pages' server for the app at `appOrigin`; answers its origin, `embed(widgetId)` (the widget its
 * snippets name: one the origin may frame) and `close`.
 */
export async function startHostPages(appOrigin) {
  let widgetId = '';
  const dead = `http://127.0.0.1:${await freePort()}`;
  const headers = {
    bare: {},
    csp: {
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src ${appOrigin}; frame-src ${appOrigin}; base-uri 'none'`,
    },
    coep: { 'cross-origin-embedder-policy': 'require-corp', 'cross-origin-opener-policy': 'same-origin' },
    down: {},
  };
  const server = createServer((request, response) => {
    const [, kind, withSnippet] = /^\/(\w+)(\/snippet)?$/.exec(request.url ?? '') ?? [];
    if (!(kind in headers)) {
      response.writeHead(404).end();
      return;
    }
    const loader = kind === 'down' ? dead : appOrigin;
    const snippet = withSnippet
      ? `<script src="${loader}/embed.js" data-widget="${widgetId}" data-title="Help" async></script>`
      : '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers[kind] });
    response.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Linen shop</title>' +
        '<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem}</style></head>' +
        `<body><main><h1>Linen shirts</h1>${PARAGRAPHS}</main>${snippet}</body></html>`,
    );
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    embed: (id) => (widgetId = id),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
