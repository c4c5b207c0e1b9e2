// A customer's site on another loopback port that embeds the widget's snippet, and the browsers of its
// visitors (each a context of its own, so each is a new visitor).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { givePlan } from './plans';

export type HostSite = {
  origin: string;
  /** The page (`head`: more of its head, e.g. a viewport), and the response headers it comes with (e.g. a CSP). */
  setPage(html: { body: string; head?: string; lang?: string; title?: string; headers?: Record<string, string> }): void;
  close(): Promise<void>;
};

/**
 * A site on a free port of this computer, reached as `http://localhost:<port>` or (`hostname`) as
 * `http://127.0.0.1:<port>`, as `python3 -m http.server --bind 127.0.0.1` announces it; its page is what
 * `setPage` last said.
 */
export async function hostSite({
  hostname = 'localhost',
}: { hostname?: 'localhost' | '127.0.0.1' } = {}): Promise<HostSite> {
  let page = {
    body: '',
    head: '',
    lang: 'en' as string | undefined,
    title: 'Customer shop',
    headers: {} as Record<string, string>,
  };
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...page.headers });
    const lang = page.lang ? ` lang="${page.lang}"` : '';
    response.end(
      `<!doctype html><html${lang}><head><title>${page.title}</title>${page.head}</head><body><main><h1>${page.title}</h1></main>${page.body}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://${hostname}:${(server.address() as AddressInfo).port}`,
    setPage: (next) => (page = { lang: 'en', title: 'Customer shop', head: '', headers: {}, ...next }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The widget's snippet for `widgetId`, with data-user-* when a user is given. */
export function snippet(
  widgetId: string,
  user?: { id: string; hash: string; detailsHash?: string; email?: string; name?: string },
): string {
  const optional = (name: string, value?: string) => (value ? ` data-user-${name}="${value}"` : '');
  const attributes = user
    ? ` data-user-id="${user.id}" data-user-hash="${user.hash}"${optional('details-hash', user.detailsHash)}${optional('email', user.email)}${optional('name', user.name)}`
    : '';
  return `<script src="${baseURL}/embed.js" data-widget="${widgetId}" data-title="Shop help"${attributes} async></script>`;
}

/** A new visitor of `url` in a browser context of their own; `widget` is the widget's frame. */
export async function visitor(browser: Browser, url: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const page: Page = await context.newPage();
  await page.goto(url);
  const widget = page.frameLocator('iframe[data-chat-widget]');
  return { context, page, widget, frame: page.locator('iframe[data-chat-widget]') };
}

/**
 * Creates a widget through the JSON API as the signed-in owner of `page`, whose personal workspace gets `plan` (what
 * the settings may need; null: the plan it has); answers its id.
 */
export async function createWidget(
  page: Page,
  settings: Record<string, unknown>,
  plan: 'business' | null = 'business',
) {
  if (plan) await givePlan(page, plan);
  const response = await page.request.post('/api/widgets', {
    data: { name: 'Shop help', accentColor: '#0f766e', greeting: '', locale: 'en', ...settings },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).widget.id as string;
}

/** The inbox API of the signed-in user's personal workspace (`/api/workspaces/<id>/inbox`). */
export async function personalInbox(page: Page) {
  const response = await page.request.get('/api/workspaces');
  expect(response.status()).toBe(200);
  const { workspaces } = (await response.json()) as { workspaces: { id: string; personal: boolean }[] };
  return `/api/workspaces/${workspaces.find((workspace) => workspace.personal)!.id}/inbox`;
}
