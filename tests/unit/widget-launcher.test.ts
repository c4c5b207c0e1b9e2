// The widget's launcher page (lib/widgets/launcher.ts): a plain document in the widget's look whose one
// script asks the loader (public/embed.js) for the widget page; its text is escaped and its policy
// allows that script alone.
import { inlineScriptHashes } from '@/lib/security/policy.mjs';
import { launcherPage } from '@/lib/widgets/launcher';
import { widgetUnavailablePage } from '@/lib/widgets/unavailable';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

const widget = {
  id: 'w_launch-1',
  name: 'Help "&" <b>Co</b>',
  accentColor: '#fde047',
  launcherPosition: 'left' as const,
  allowedOrigins: ['https://shop.example'],
};

async function render(lang: string | null = 'de') {
  const response = launcherPage(widget, {
    locale: 'de',
    label: 'Chat öffnen: {name}',
    unreadLabel: de.Widget.openUnread,
    lang,
  });
  const html = await response.text();
  return { response, html, document: new DOMParser().parseFromString(html, 'text/html') };
}

function directives(policy: string) {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([n, ...v]) => [n, v]),
  );
}

describe('the launcher page', () => {
  it('is the widget’s launcher in its language, colour and side, with its name as text only', async () => {
    const { response, document } = await render();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe(widget.name);
    expect(document.querySelector('b')).toBeNull();
    const button = document.querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe(`Chat öffnen: ${widget.name}`);
    expect(button.getAttribute('data-position')).toBe('left');
    expect(button.style.backgroundColor).toBe('rgb(253, 224, 71)');
    // A light accent gets dark text, as on the widget page.
    expect(button.style.color).toBe('rgb(17, 24, 39)');
    expect(JSON.parse(button.getAttribute('data-origins')!)).toEqual(widget.allowedOrigins);
    expect(button.getAttribute('data-widget-page')).toBe('/embed/w_launch-1?lang=de');
    expect((await render(null)).document.querySelector('button')!.getAttribute('data-widget-page')).toBe(
      '/embed/w_launch-1',
    );
    expect(document.querySelector('main')!.getAttribute('aria-label')).toBe(widget.name);
  });

  it('may be framed by the widget’s origins only and runs its own script alone', async () => {
    const { response, html } = await render();
    const csp = directives(response.headers.get('content-security-policy')!);
    expect(csp['frame-ancestors']).toEqual(["'self'", 'https://shop.example']);
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(1);
    expect(csp['script-src']).toEqual(["'self'", hashes[0]]);
  });
});

describe('the launcher page’s script, framed by an allowed page', () => {
  const posted: Array<{ message: Record<string, unknown>; origin: string }> = [];
  const host = { postMessage: (message: Record<string, unknown>, origin: string) => posted.push({ message, origin }) };
  // jsdom does not navigate: it reports each attempt to its console.
  let navigations: jest.SpyInstance;

  async function run({ referrer = 'https://shop.example/cart', stored = null as string | null, framed = true } = {}) {
    const { document: page } = await render();
    document.documentElement.innerHTML = page.documentElement.innerHTML;
    document.documentElement.lang = page.documentElement.lang;
    posted.length = 0;
    localStorage.clear();
    if (stored) localStorage.setItem(`plauder:visitor:${widget.id}`, stored);
    if (framed) jest.spyOn(window, 'parent', 'get').mockReturnValue(host as unknown as Window);
    jest.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);
    navigations = jest.spyOn(console, 'error').mockImplementation(() => {});
    new Function(document.querySelector('script')!.textContent!)();
    return document.querySelector('button')!;
  }
  /** The loader's answer to the launcher's first message. */
  function loaderAnswers(origin = 'https://shop.example') {
    const event = new MessageEvent('message', { data: { type: 'chatwidget:context', user: null, page: {} }, origin });
    Object.defineProperty(event, 'source', { value: host });
    window.dispatchEvent(event);
  }
  const navigated = () => navigations.mock.calls.filter(([error]) => /navigation/i.test(String(error))).length;
  afterEach(() => jest.restoreAllMocks());

  it('shows itself on its side, and a click (once) asks the loader for the widget page, opened', async () => {
    const button = await run();
    expect(posted).toEqual([
      { message: { type: 'chatwidget:resize', open: false, position: 'left' }, origin: 'https://shop.example' },
    ]);
    loaderAnswers();
    button.click();
    button.click();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(posted.slice(1)).toEqual([
      { message: { type: 'chatwidget:load', open: true }, origin: 'https://shop.example' },
    ]);
    expect(navigated()).toBe(0);
  });

  describe('for a returning visitor', () => {
    const answer = jest.fn<Promise<{ ok: boolean; json(): Promise<unknown> }>, [string, RequestInit]>();
    const reply = (ok: boolean, body: unknown) => Promise.resolve({ ok, json: () => Promise.resolve(body) });
    beforeEach(() => Object.assign(window, { fetch: answer }));
    afterEach(() => answer.mockReset());
    // Closed ones: no event stream (see the next test for an open one's).
    const conversations = (...unread: number[]) =>
      reply(true, {
        conversations: unread.map((count, i) => ({ id: `c${i}`, unread: count, status: 'closed' })),
        cursor: 0,
      });

    it('shows itself, and its own request for the visitor’s conversations puts the unread answers on it', async () => {
      answer.mockReturnValue(conversations(2, 0, 1));
      const button = await run({ stored: '{"token":"visitor-token","userId":null}' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(answer).toHaveBeenCalledWith('/api/widgets/w_launch-1/conversations', {
        headers: { authorization: 'Bearer visitor-token' },
        cache: 'no-store',
      });
      // The launcher alone (the count told to the page's API): the widget page comes when the visitor opens it.
      expect(posted).toEqual([
        { message: { type: 'chatwidget:resize', open: false, position: 'left' }, origin: 'https://shop.example' },
        { message: { type: 'chatwidget:event', name: 'unread', count: 3 }, origin: 'https://shop.example' },
      ]);
      expect(button.getAttribute('aria-label')).toBe(`Chat öffnen: ${widget.name} (3 neue Nachrichten)`);
      expect(button.querySelector('span[aria-hidden=true]')!.textContent).toBe('3');
      loaderAnswers();
      button.click();
      expect(posted.slice(2)).toEqual([
        { message: { type: 'chatwidget:load', open: true }, origin: 'https://shop.example' },
      ]);
    });

    it('names one unread answer in the singular, and none without a badge', async () => {
      answer.mockReturnValue(conversations(1));
      const button = await run({ stored: '{"token":"t","userId":null}' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(button.getAttribute('aria-label')).toBe(`Chat öffnen: ${widget.name} (1 neue Nachricht)`);
      answer.mockReturnValue(conversations(0));
      const read = await run({ stored: '{"token":"t","userId":null}' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(read.getAttribute('aria-label')).toBe(`Chat öffnen: ${widget.name}`);
      expect(read.querySelector('span')).toBeNull();
      // None unread is a count the page's API hears too.
      expect(posted.at(-1)).toEqual({
        message: { type: 'chatwidget:event', name: 'unread', count: 0 },
        origin: 'https://shop.example',
      });
    });

    it('while a conversation is open, hears its answers live: on the button and for the page’s API', async () => {
      const encoder = new TextEncoder();
      let stream!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) });
      const list = { conversations: [{ id: 'c1', status: 'open', unread: 1 }], cursor: 7 };
      answer
        .mockReturnValueOnce(reply(true, list))
        .mockReturnValueOnce(Promise.resolve({ ok: true, status: 200, body, json: () => Promise.reject() }));
      const button = await run({ stored: '{"token":"t","userId":null}' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(answer).toHaveBeenLastCalledWith('/api/widgets/w_launch-1/events', {
        headers: { authorization: 'Bearer t', accept: 'text/event-stream', 'last-event-id': '7' },
        cache: 'no-store',
      });
      const answered = JSON.stringify({
        conversation: { id: 'c1', status: 'open', unread: 2 },
        message: { conversationId: 'c1', sender: 'operator', text: 'Two are left.' },
      });
      // An event may come in pieces; a comment (the heartbeat) and the visitor's own messages change nothing.
      stream.enqueue(encoder.encode(': heartbeat\n\nid: 8\nevent: message\ndata: ' + answered.slice(0, 20)));
      stream.enqueue(encoder.encode(answered.slice(20) + '\n\n'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(posted.slice(-2).map(({ message }) => message)).toEqual([
        { type: 'chatwidget:event', name: 'message', conversationId: 'c1', text: 'Two are left.' },
        { type: 'chatwidget:event', name: 'unread', count: 2 },
      ]);
      expect(button.getAttribute('aria-label')).toBe(`Chat öffnen: ${widget.name} (2 neue Nachrichten)`);
      expect(button.querySelector('span[aria-hidden=true]')!.textContent).toBe('2');
      // Read elsewhere (another tab of the widget): the badge goes.
      stream.enqueue(encoder.encode('event: read\ndata: {"conversationId":"c1","reader":"visitor","unread":0}\n\n'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(button.getAttribute('aria-label')).toBe(`Chat öffnen: ${widget.name}`);
      expect(button.querySelector('span')).toBeNull();
      expect(posted.at(-1)!.message).toEqual({ type: 'chatwidget:event', name: 'unread', count: 0 });
      stream.error(new Error('gone'));
    });

    it('reports the host page the loader names (again after a navigation) once the visitor has written', async () => {
      const pageTold = (page: Record<string, string>) => {
        const event = new MessageEvent('message', {
          data: { type: 'chatwidget:context', user: null, page },
          origin: 'https://shop.example',
        });
        Object.defineProperty(event, 'source', { value: host });
        window.dispatchEvent(event);
      };
      // The scripts of earlier runs still listen in this window: each run's own token tells its reports apart.
      const reports = (token: string) =>
        answer.mock.calls.filter(
          ([url, init]) =>
            url.endsWith('/visitors/pages') &&
            (init.headers as Record<string, string>).authorization === `Bearer ${token}`,
        );
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      answer.mockReturnValue(conversations(0));
      // The page may be told before the visitor's conversations are known: reported once they are.
      await run({ stored: '{"token":"writer","userId":null}' });
      pageTold({ url: 'https://shop.example/pricing', title: 'Pricing', referrer: 'https://www.google.com/' });
      expect(reports('writer')).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      pageTold({ url: 'https://shop.example/cart', title: 'C'.repeat(400), referrer: 'https://www.google.com/' });
      expect(reports('writer')).toEqual([
        [
          '/api/widgets/w_launch-1/visitors/pages',
          {
            method: 'POST',
            headers: { authorization: 'Bearer writer', 'content-type': 'application/json' },
            body: JSON.stringify({
              url: 'https://shop.example/pricing',
              referrer: 'https://www.google.com/',
              timeZone,
              title: 'Pricing',
            }),
          },
        ],
        [
          '/api/widgets/w_launch-1/visitors/pages',
          expect.objectContaining({
            body: JSON.stringify({
              url: 'https://shop.example/cart',
              referrer: 'https://www.google.com/',
              timeZone,
              title: 'C'.repeat(300),
            }),
          }),
        ],
      ]);

      // A visitor without a conversation (all erased) has nothing stored: nothing is reported.
      answer.mockReset();
      answer.mockReturnValue(reply(true, { conversations: [], cursor: 0 }));
      await run({ stored: '{"token":"reader","userId":null}' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      pageTold({ url: 'https://shop.example/pricing', title: 'Pricing' });
      expect(reports('reader')).toEqual([]);
    });

    it('stays the plain launcher when the token is refused, the request fails, or the token is a user’s', async () => {
      answer.mockReturnValue(reply(false, { error: { code: 'invalidVisitorToken' } }));
      const refused = await run({ stored: '{"token":"old","userId":null}' });
      answer.mockReturnValue(Promise.reject(new TypeError('offline')));
      const failed = await run({ stored: '{"token":"t","userId":null}' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (const button of [refused, failed]) {
        expect(button.getAttribute('aria-label')).toBe(`Chat öffnen: ${widget.name}`);
        expect(button.querySelector('span')).toBeNull();
      }
      // No count it does not know.
      expect(posted.map(({ message }) => message.type)).toEqual(['chatwidget:resize']);
      answer.mockClear();
      await run({ stored: '{"token":"t","userId":"customer-7"}' });
      await run({ stored: 'not json' });
      expect(answer).not.toHaveBeenCalled();
    });
  });

  it('opens the widget page itself when no loader answered (a plain iframe), or another page spoke', async () => {
    const button = await run();
    loaderAnswers('https://elsewhere.example');
    button.click();
    expect(posted.map(({ message }) => message.type)).toEqual(['chatwidget:resize']);
    expect(navigated()).toBe(1);
  });

  it('tells nothing to a page that is not one of the widget’s origins, and does nothing', async () => {
    const button = await run({ referrer: 'https://elsewhere.example/' });
    button.click();
    expect(posted).toEqual([]);
    expect(navigated()).toBe(0);
  });

  it('becomes the widget page when opened by itself', async () => {
    await run({ framed: false });
    expect(posted).toEqual([]);
    expect(navigated()).toBe(1);
  });
});

describe('the widget’s page while the database does not answer', () => {
  it('is a 503 in the visitor’s language that any page may frame: it shows nothing of the widget and runs its own script alone', async () => {
    for (const [locale, messages] of [
      ['de', de],
      ['en', en],
    ] as const) {
      const response = await widgetUnavailablePage(locale);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('10');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const policy = directives(response.headers.get('content-security-policy')!);
      // Its widget's allowed origins are in the database: the customer's page shows it, whichever it is.
      expect(policy['frame-ancestors']).toEqual(['*']);
      expect(policy['default-src']).toEqual(["'none'"]);
      // One script (its own, by hash) that may ask this site alone.
      const html = await response.text();
      expect(policy['script-src']).toEqual(inlineScriptHashes(html));
      expect(policy['connect-src']).toEqual(["'self'"]);
      const document = new DOMParser().parseFromString(html, 'text/html');
      expect(document.documentElement.lang).toBe(locale);
      expect(document.querySelector('[role=status] h1')!.textContent).toBe(messages.Errors.widgetUnavailable.title);
      expect(document.querySelector('[role=status] p')!.textContent).toBe(messages.Errors.widgetUnavailable.message);
      expect(document.querySelector('meta[http-equiv=refresh]')).toBeNull();
    }
  });
});

describe('the widget’s page while the database does not answer, in the customer’s frame', () => {
  let answer: number;
  const fetched = jest.fn(async () => ({ status: answer }));
  // jsdom does not navigate (a reload included): it reports each attempt to its console.
  let navigations: jest.SpyInstance;
  const reloaded = () => navigations.mock.calls.filter(([error]) => /navigation/i.test(String(error))).length;

  beforeEach(async () => {
    jest.useFakeTimers();
    answer = 503;
    Object.assign(window, { fetch: fetched });
    navigations = jest.spyOn(console, 'error').mockImplementation(() => {});
    const html = await (await widgetUnavailablePage('en')).text();
    // The page's own script, run in this window.
    new Function(/<script>([\s\S]*?)<\/script>/.exec(html)![1])();
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('asks again after Retry-After, quietly while the chat is unavailable, and loads the chat once it answers', async () => {
    await jest.advanceTimersByTimeAsync(9_000);
    expect(fetched).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(fetched).toHaveBeenCalledWith(window.location.href, { method: 'HEAD', cache: 'no-store' });
    expect(reloaded()).toBe(0);
    answer = 200;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(fetched).toHaveBeenCalledTimes(2);
    expect(reloaded()).toBe(1);
  });
});
