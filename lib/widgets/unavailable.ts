import 'server-only';
import { createTranslator } from 'next-intl';
import { escapeHtml } from '@/lib/html';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/routing';
import { UNAVAILABLE_RETRY_SECONDS } from '@/lib/errors/message-page';
import { scriptHash } from '@/lib/security/policy.mjs';
import { ICON } from './launcher';

// A card where the chat's panel would be; in a frame the size of the closed launcher (a returning visitor's),
// a greyed launcher instead, the card's text left to screen readers; centred when opened as a page.
const STYLE =
  'html,body{height:100%;margin:0;background:transparent;color:#0f172a;font-family:system-ui,sans-serif}' +
  'main{box-sizing:border-box;display:flex;height:100%;padding:4px;align-items:flex-end;justify-content:flex-end}' +
  'section{max-width:22rem;padding:1rem 1.25rem;border-radius:.75rem;background:#fff;box-shadow:0 10px 15px -3px rgb(0 0 0/.1),0 4px 6px -4px rgb(0 0 0/.1)}' +
  'h1{margin:0 0 .25rem;font-size:1rem}p{margin:0;color:#334155;font-size:.875rem}' +
  '.closed{display:none;width:64px;height:64px;border-radius:9999px;background:#e2e8f0;color:#475569;align-items:center;justify-content:center}' +
  '@media (max-width:160px){main{align-items:center;justify-content:center}' +
  'section{position:absolute;width:1px;height:1px;padding:0;overflow:hidden;clip-path:inset(50%)}.closed{display:flex}}' +
  '@media (min-width:600px) and (min-height:600px){main{align-items:center;justify-content:center}}';
// Asks again every few seconds (Retry-After) and loads the widget once it answers: a page that reloaded
// itself on a timer would announce its status again each time, and take the focus (axe: meta-refresh).
const SCRIPT = `(function () {
  function retry() {
    fetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(function (response) {
      if (response.status === 503) setTimeout(retry, ${UNAVAILABLE_RETRY_SECONDS * 1000});
      else location.reload();
    }, function () {
      setTimeout(retry, ${UNAVAILABLE_RETRY_SECONDS * 1000});
    });
  }
  setTimeout(retry, ${UNAVAILABLE_RETRY_SECONDS * 1000});
})();`;
// Nothing of the widget is shown and the script only asks this page again, so any page may frame it: the
// widget's allowed origins are in the database that does not answer.
const POLICY =
  `default-src 'none'; script-src ${scriptHash(SCRIPT)}; style-src ${scriptHash(STYLE)}; connect-src 'self'; ` +
  `base-uri 'none'; form-action 'none'; frame-ancestors *`;

/**
 * The widget's page (and its launcher's) while the database does not answer: 503 with Retry-After, a calm
 * "the chat is unavailable for a moment" in the visitor's language inside the customer's frame, where an
 * error page would be refused or show a broken frame; the widget takes its place once it answers again.
 */
export async function widgetUnavailablePage(locale: Locale): Promise<Response> {
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'Errors.widgetUnavailable' });
  const [title, message] = [escapeHtml(t('title')), escapeHtml(t('message'))];
  const html =
    `<!doctype html><html lang="${locale}" dir="ltr"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">` +
    `<title>${title}</title><style>${STYLE}</style></head><body><main aria-label="${title}"><section role="status">` +
    `<h1>${title}</h1><p>${message}</p></section><span class="closed" title="${title}" aria-hidden="true">${ICON}</span></main>` +
    `<script>${SCRIPT}</script></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(UNAVAILABLE_RETRY_SECONDS),
      'Content-Security-Policy': POLICY,
    },
  });
}
