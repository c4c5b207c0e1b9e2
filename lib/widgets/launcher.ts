import 'server-only';
import { escapeHtml } from '@/lib/html';
import { fill, type Plural } from '@/lib/i18n/slices';
import type { Locale } from '@/lib/i18n/routing';
import { scriptHash } from '@/lib/security/policy.mjs';
import { scriptPolicy } from '@/lib/security/csp';
import { readableOn } from './colour';
import {
  CONTEXT_MESSAGE,
  EVENT_MESSAGE,
  LOAD_MESSAGE,
  RESIZE_MESSAGE,
  VISITOR_STORAGE_PREFIX,
  widgetFrameAncestors,
} from './frame';
import type { PublicWidget } from './service';

/**
 * The launcher page: what the loader (public/embed.js) shows a new visitor first, instead of the widget
 * page with its React app. It is the widget's closed launcher (the same button, colour, side and
 * label) in a plain document with one small script, so a page that embeds the widget pays nothing for
 * it until a visitor wants to chat (Lighthouse charged the widget's hydration to the host page's total
 * blocking time). A click asks the loader for the widget page, opened. A returning visitor (a token in
 * the widget's storage) stays on this page too: one request for their conversations puts the unread
 * answers on the button (live while a conversation is open: the visitor's event stream), and the widget page
 * comes only when they open it. Opened by itself, it becomes
 * the widget page; in a plain iframe (no loader answers), a click opens the widget page there. The
 * unread count goes to the loader too, for the page's API (`Plauder('on', 'unread', …)`).
 */
const SCRIPT = `(function () {
  var button = document.querySelector('button[data-widget]');
  var allowed = JSON.parse(button.getAttribute('data-origins'));
  var parentOrigin = null;
  if (window.parent !== window) {
    var candidates = [window.location.ancestorOrigins && window.location.ancestorOrigins[0]];
    try {
      if (document.referrer) candidates.push(new URL(document.referrer).origin);
    } catch (e) {}
    for (var i = 0; i < candidates.length && !parentOrigin; i++) {
      var c = candidates[i];
      if (c && (allowed.indexOf(c) !== -1 || c === window.location.origin)) parentOrigin = c;
    }
  }
  function widgetPage(open) {
    var page = button.getAttribute('data-widget-page');
    window.location.replace(open ? page + (page.indexOf('?') === -1 ? '?' : '&') + 'open=1' : page);
  }
  // Opened by itself: the widget page. Framed by a page it cannot tell: nothing (nobody to ask or tell).
  if (window.parent === window) return widgetPage(false);
  if (!parentOrigin) return;
  function load(open) {
    window.parent.postMessage({ type: ${JSON.stringify(LOAD_MESSAGE)}, open: open }, parentOrigin);
  }
  // The loader answers the launcher's first message with the page's context; a plain iframe of this page
  // has nobody to answer, and a click then opens the widget page here.
  var loader = false;
  // The host page the loader names (again after each navigation), reported once the visitor has a conversation.
  var page = null;
  var written = false;
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source !== window.parent || event.origin !== parentOrigin || !data || data.type !== ${JSON.stringify(CONTEXT_MESSAGE)})
      return;
    loader = true;
    page = data.page;
    report();
  });
  function report() {
    if (!written || !page || typeof page.url !== 'string') return;
    var body = { url: page.url, referrer: page.referrer, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
    if (typeof page.title === 'string') body.title = page.title.slice(0, 300);
    fetch(api + '/visitors/pages', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + stored.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(function () {});
  }
  button.addEventListener('click', function () {
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    if (loader) load(true);
    else widgetPage(true);
  });
  window.parent.postMessage(
    { type: ${JSON.stringify(RESIZE_MESSAGE)}, open: false, position: button.getAttribute('data-position') },
    parentOrigin,
  );
  var stored = null;
  try {
    stored = JSON.parse(window.localStorage.getItem(${JSON.stringify(VISITOR_STORAGE_PREFIX)} + button.getAttribute('data-widget')));
  } catch (e) {}
  // The loader frames this page only without a signed-in user: a token of a user is not this visitor's.
  if (!stored || typeof stored.token !== 'string' || stored.userId !== null) return;
  var api = '/api/widgets/' + encodeURIComponent(button.getAttribute('data-widget'));
  var plain = button.getAttribute('aria-label');
  var badge = null;
  // Each conversation's unread answers; the button shows their sum.
  var unread = {};
  function show() {
    var count = 0;
    for (var id in unread) count += unread[id];
    // For the page's API listeners (public/embed.js), as the widget page tells them.
    window.parent.postMessage({ type: ${JSON.stringify(EVENT_MESSAGE)}, name: 'unread', count: count }, parentOrigin);
    if (!count) {
      if (badge) badge.remove();
      badge = null;
      return button.setAttribute('aria-label', plain);
    }
    var one = new Intl.PluralRules(document.documentElement.lang).select(count) === 'one';
    var label = button.getAttribute(one ? 'data-unread-one' : 'data-unread-other');
    button.setAttribute('aria-label', label.replace('{count}', String(count)));
    if (!badge) {
      badge = document.createElement('span');
      badge.setAttribute('aria-hidden', 'true');
      button.appendChild(badge);
    }
    badge.textContent = String(count);
  }
  // While a conversation is open, its answers arrive live (the visitor's event stream, from the list's
  // cursor), as the widget page would show them: on the button and to the page's API.
  var retryMs = 1000;
  function listen(lastId) {
    function again() {
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 30000);
    }
    function receive(name, data) {
      if (name === 'message' && data.message.sender === 'operator') {
        unread[data.conversation.id] = data.conversation.unread;
        window.parent.postMessage(
          { type: ${JSON.stringify(EVENT_MESSAGE)}, name: 'message', conversationId: data.conversation.id, text: data.message.text },
          parentOrigin,
        );
        show();
      } else if (name === 'read' && data.reader === 'visitor') {
        unread[data.conversationId] = data.unread;
        show();
      }
    }
    function connect() {
      var headers = { authorization: 'Bearer ' + stored.token, accept: 'text/event-stream' };
      if (lastId !== null) headers['last-event-id'] = String(lastId);
      fetch(api + '/events', { headers: headers, cache: 'no-store' })
        .then(function (response) {
          // A token the server no longer takes: the widget page starts anew when the visitor opens it.
          if (response.status === 401) return;
          if (!response.ok || !response.body) return again();
          retryMs = 1000;
          var reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          var buffer = '';
          function pump() {
            return reader.read().then(function (chunk) {
              if (chunk.done) return again();
              var blocks = (buffer + chunk.value).split(/\\r\\n\\r\\n|\\n\\n|\\r\\r/);
              buffer = blocks.pop();
              for (var i = 0; i < blocks.length; i++) {
                var name = 'message';
                var data = null;
                var lines = blocks[i].split(/\\r\\n|\\n|\\r/);
                for (var j = 0; j < lines.length; j++) {
                  var field = /^(event|data|id): ?(.*)$/.exec(lines[j]);
                  if (!field) continue;
                  if (field[1] === 'event') name = field[2];
                  else if (field[1] === 'id') lastId = field[2];
                  else data = JSON.parse(field[2]);
                }
                if (data) receive(name, data);
              }
              return pump();
            });
          }
          return pump();
        })
        .catch(again);
    }
    connect();
  }
  fetch(api + '/conversations', { headers: { authorization: 'Bearer ' + stored.token }, cache: 'no-store' })
    .then(function (response) {
      return response.ok ? response.json() : null;
    })
    .then(function (list) {
      if (!list) return;
      var open = false;
      written = list.conversations.length > 0;
      report();
      for (var i = 0; i < list.conversations.length; i++) {
        var conversation = list.conversations[i];
        unread[conversation.id] = conversation.unread || 0;
        if (conversation.status !== 'closed') open = true;
      }
      show();
      if (open) listen(list.cursor === undefined ? null : list.cursor);
    })
    // Without its count the launcher still opens the widget, which reads the conversations again.
    .catch(function () {});
})();`;

/** The launcher's look: the widget page's closed launcher (components/widget/widget-launcher.tsx). */
const STYLE =
  'html,body{margin:0;background:transparent}' +
  'button{position:fixed;bottom:4px;right:4px;display:flex;align-items:center;justify-content:center;width:64px;height:64px;padding:0;border:0;border-radius:9999px;cursor:pointer;box-shadow:0 10px 15px -3px rgb(0 0 0/.1),0 4px 6px -4px rgb(0 0 0/.1)}' +
  'button[data-position=left]{right:auto;left:4px}' +
  // Two tones, so that the focus shows on a dark page as on a light one: a white ring inside the dark outline.
  'button:focus-visible{outline:2px solid #0f172a;outline-offset:2px;box-shadow:0 0 0 2px #fff,0 10px 15px -3px rgb(0 0 0/.1)}' +
  'button[aria-busy=true]{cursor:progress}button[aria-busy=true] svg{opacity:.7}' +
  'button span{position:absolute;top:-4px;right:-4px;padding:0 6px;border-radius:9999px;background:#b91c1c;color:#fff;font:700 12px/16px system-ui,sans-serif}';

export const ICON =
  '<svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"/></svg>';

const SCRIPT_HASH = scriptHash(SCRIPT);

/** The widget page's address for a launcher's query (`lang`, which the loader passes). */
function widgetPagePath(widgetId: string, lang: string | null): string {
  const path = `/embed/${encodeURIComponent(widgetId)}`;
  return lang ? `${path}?${new URLSearchParams({ lang })}` : path;
}

/**
 * The launcher page of `widget` in `locale` (`label`: the catalogue's `Widget.open`, `unreadLabel`: its
 * `Widget.openUnread`). Only the widget's allowed origins may frame it, like the widget page; its one
 * script is allowed by its hash.
 */
export function launcherPage(
  widget: Pick<PublicWidget, 'id' | 'name' | 'accentColor' | 'launcherPosition' | 'allowedOrigins'>,
  { locale, label, unreadLabel, lang }: { locale: Locale; label: string; unreadLabel: Plural; lang: string | null },
): Response {
  const name = escapeHtml(widget.name);
  const colours = `background-color:${widget.accentColor};color:${readableOn(widget.accentColor)}`;
  const html =
    `<!doctype html><html lang="${locale}" dir="ltr"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">` +
    `<title>${name}</title><style>${STYLE}</style></head><body><main aria-label="${name}">` +
    `<button type="button" aria-label="${escapeHtml(fill(label, { name: widget.name }))}" style="${escapeHtml(colours)}"` +
    ` data-widget="${escapeHtml(widget.id)}" data-position="${escapeHtml(widget.launcherPosition)}"` +
    ` data-origins="${escapeHtml(JSON.stringify(widget.allowedOrigins))}"` +
    ` data-unread-one="${escapeHtml(fill(unreadLabel.one, { name: widget.name }))}"` +
    ` data-unread-other="${escapeHtml(fill(unreadLabel.other, { name: widget.name }))}"` +
    ` data-widget-page="${escapeHtml(widgetPagePath(widget.id, lang))}">${ICON}</button>` +
    `</main><script>${SCRIPT}</script></body></html>`;
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': scriptPolicy([SCRIPT_HASH], widgetFrameAncestors(widget)),
    },
  });
}
