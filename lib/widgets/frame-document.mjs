// The widget frame's document (issue 37, point 1): the stylesheet and the script that scripts/build-widget.mjs
// built, the widget app's props as JSON, in the visitor's language. Plain JavaScript, so that
// scripts/check-bundles.mjs counts the document in the frame's budget as the server will render it.

/** JSON that an HTML parser cannot end early: no `<` (so no `</script>`), no line separators. */
function scriptJson(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text of the `<title>` element: only `&` and `<` mean anything there. */
function titleText(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/**
 * The document of the widget frame: `props` for the widget app (components/widget/frame.tsx), `manifest` the
 * build's (`.next/widget-manifest.json`), `nonce` the one the page's Content-Security-Policy allows.
 */
export function frameDocument({ locale, title, props, nonce, manifest }) {
  return (
    `<!doctype html><html lang="${locale}" dir="ltr"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">' +
    `<title>${titleText(title)}</title><link rel="stylesheet" href="${manifest.stylesheet.path}"></head>` +
    '<body class="bg-transparent text-slate-900 antialiased"><div id="widget"></div>' +
    `<script type="application/json" id="widget-props">${scriptJson(props)}</script>` +
    `<script type="module" src="${manifest.script.path}" nonce="${nonce}"></script></body></html>`
  );
}
