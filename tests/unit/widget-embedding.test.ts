// The widget page's half of the page's JavaScript API (components/widget/embedding.ts, visitor-session.ts): it
// hears the loader's context (a signed token, attributes) and open/close from its framing page alone, tells
// that page its events, and starts a signed user's visitor with the token, never with an anonymous one's; it
// stores the token only once they write.
import { act, renderHook } from '@testing-library/react';
import { tellPage, useEmbeddingContext } from '@/components/widget/embedding';
import { VisitorSession } from '@/components/widget/visitor-session';
import { visitorStorageKey } from '@/lib/widgets/frame';

const HOST = 'https://shop.example';
const parent = { postMessage: jest.fn() };

/** A message to the widget page from `source` (its framing page by default) on `origin`. */
function hear(data: Record<string, unknown>, origin = HOST, source: unknown = parent) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  act(() => void window.dispatchEvent(event));
}

beforeEach(() => {
  jest.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
  parent.postMessage.mockReset();
});
afterEach(() => jest.restoreAllMocks());

describe('the widget page and its framing page', () => {
  it('takes a signed token over the snippet’s user, and the attributes as they were set', () => {
    const { result } = renderHook(() => useEmbeddingContext(HOST));
    hear({
      type: 'chatwidget:context',
      user: { id: '42', hash: 'h' },
      identityToken: 'a.b.c',
      attributes: { plan: 'pro', seats: 2 },
      page: { url: `${HOST}/cart`, title: 'Cart', referrer: 'https://www.google.com/' },
    });
    expect(result.current).toEqual({
      ready: true,
      user: { token: 'a.b.c' },
      attributes: '{"plan":"pro","seats":2}',
      page: { url: `${HOST}/cart`, title: 'Cart', referrer: 'https://www.google.com/' },
      narrow: false,
    });
    hear({ type: 'chatwidget:context', user: { id: '42', hash: 'h' }, identityToken: 7, attributes: 'plan' });
    expect(result.current.user).toEqual({
      id: '42',
      hash: 'h',
      detailsHash: undefined,
      email: undefined,
      name: undefined,
    });
    expect(result.current.attributes).toBeNull();
  });

  it('opens and closes when its framing page asks, and hears no other page', () => {
    const onOpen = jest.fn();
    const { result } = renderHook(() => useEmbeddingContext(HOST, onOpen));
    hear({ type: 'chatwidget:open', open: true });
    hear({ type: 'chatwidget:open', open: false });
    hear({ type: 'chatwidget:open', open: true }, 'https://elsewhere.example');
    hear({ type: 'chatwidget:open', open: true }, HOST, window);
    hear({ type: 'chatwidget:context', identityToken: 'forged' }, 'https://elsewhere.example');
    expect(onOpen.mock.calls).toEqual([[true], [false]]);
    expect(result.current.user).toBeNull();
  });

  it('knows the page is narrow (its open panel covers the screen) while its framing page says so', () => {
    const { result } = renderHook(() => useEmbeddingContext(HOST));
    hear({ type: 'chatwidget:layout', narrow: true });
    expect(result.current.narrow).toBe(true);
    hear({ type: 'chatwidget:layout', narrow: false }, 'https://elsewhere.example');
    expect(result.current.narrow).toBe(true);
    hear({ type: 'chatwidget:layout', narrow: false });
    expect(result.current.narrow).toBe(false);
  });

  it('tells its events to the framing page’s origin only, and nobody without one', () => {
    tellPage(HOST, { name: 'unread', count: 2 });
    tellPage(null, { name: 'unread', count: 3 });
    expect(parent.postMessage.mock.calls).toEqual([[{ type: 'chatwidget:event', name: 'unread', count: 2 }, HOST]]);
  });
});

describe('a visitor signed in by a token', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn(async () => json(200, { token: 'signed-visitor', verified: true, name: 'Ada', email: null }));
    Object.assign(globalThis, { fetch: fetchMock });
    localStorage.clear();
  });

  it('starts with the token instead of the anonymous visitor’s, and is never taken for one after', async () => {
    localStorage.setItem(visitorStorageKey('w_1'), JSON.stringify({ token: 'anonymous', userId: null }));
    const session = new VisitorSession('w_1', 'Fallback');
    await expect(session.start({ token: 'a.b.c' }, 'de')).resolves.toEqual({
      verified: true,
      name: 'Ada',
      email: null,
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/widgets/w_1/visitors');
    expect(JSON.parse(init.body as string)).toEqual({ identityToken: 'a.b.c', locale: 'de' });
    expect(init.headers).not.toHaveProperty('authorization');
    // Signed out (no claim): the signed user's token is not sent for an anonymous visitor.
    fetchMock.mockResolvedValue(json(201, { token: 'new-anonymous', verified: false, name: null, email: null }));
    await session.start(null, 'de');
    expect((fetchMock.mock.calls[1] as [string, RequestInit])[1].headers).not.toHaveProperty('authorization');
  });

  it('keeps the signed user’s token in memory until they write, then in the widget’s storage', async () => {
    const session = new VisitorSession('w_1', 'Fallback');
    await session.start({ token: 'a.b.c' }, 'en');
    expect(session.token).toBe('signed-visitor');
    expect(localStorage.length).toBe(0);
    session.keep();
    expect(JSON.parse(localStorage.getItem(visitorStorageKey('w_1'))!)).toEqual({
      token: 'signed-visitor',
      userId: '',
    });
    // Renewed on the next page: kept, as before.
    fetchMock.mockResolvedValue(json(200, { token: 'renewed', verified: true, name: 'Ada', email: null }));
    await new VisitorSession('w_1', 'Fallback').start({ token: 'a.b.c' }, 'en');
    expect(JSON.parse(localStorage.getItem(visitorStorageKey('w_1'))!).token).toBe('renewed');
  });

  it('keeps the token of an e-mail’s link at once: its visitor has written', () => {
    new VisitorSession('w_1', 'Fallback').adopt('from-mail');
    expect(JSON.parse(localStorage.getItem(visitorStorageKey('w_1'))!)).toEqual({ token: 'from-mail', userId: null });
  });
});
