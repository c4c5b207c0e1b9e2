// The widget's JavaScript API for the customer's developers (public/embed.js, README "The JavaScript API"): the
// stub the README gives queues calls until the loader replays them; the loader tells the frame what the page
// asks (postMessage to this site's origin only) and the page's listeners what the frame says (its frame only).
import { ORIGIN, api, contexts, frame, page, stub, told, withLoader, type Api } from './embed-page';

/** The page's listeners of every event, in the order they heard them. */
function listen(plauder: Api) {
  const heard: unknown[][] = [];
  for (const name of ['ready', 'open', 'close', 'message', 'unread'])
    plauder('on', name, (detail: unknown) => heard.push(detail === undefined ? [name] : [name, detail]));
  return heard;
}

withLoader();

describe('the stub and the loader', () => {
  it('replay the calls made before the loader came: listeners hear ready and open, the widget page comes opened', () => {
    let heard: unknown[][] = [];
    page((plauder) => {
      heard = listen(plauder);
      plauder('open');
    });
    const f = frame();
    // Asked to open before it came: the widget page at once, opened, instead of the launcher.
    expect(f.element.src).toBe(`${ORIGIN}/embed/w_api-1?lang=en&open=1`);
    expect(heard).toEqual([]);
    f.says({ type: 'chatwidget:resize', open: true, position: 'right' });
    expect(heard).toEqual([['ready'], ['open']]);
    expect(contexts(f)).toEqual([
      {
        type: 'chatwidget:context',
        user: null,
        identityToken: null,
        attributes: null,
        page: { url: window.location.href, title: document.title, referrer: document.referrer },
        origin: ORIGIN,
      },
    ]);
    // A listener that comes after the widget is ready hears it at once.
    const late = jest.fn();
    api()('on', 'ready', late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('answers at once once loaded: the stub pasted after the loader keeps the loader', () => {
    page();
    const loaded = api();
    new Function(stub)();
    expect(api()).toBe(loaded);
    expect(() => api()('launch')).toThrow(TypeError);
    expect(() => api()('on', 'opened', () => {})).toThrow(TypeError);
  });

  it('toggle on the launcher loads the widget page opened, as a click does; close asks the widget, which says so', () => {
    page();
    const heard = listen(api());
    const f = frame();
    expect(f.element.src).toBe(`${ORIGIN}/embed/w_api-1/launcher?lang=en`);
    f.says({ type: 'chatwidget:resize', open: false, position: 'left' });
    expect(heard).toEqual([['ready']]);
    // Closed already: nothing to do.
    api()('close');
    expect(f.replaced).not.toHaveBeenCalled();
    api()('toggle');
    expect(f.replaced).toHaveBeenCalledWith(`${ORIGIN}/embed/w_api-1?lang=en&open=1`);
    f.says({ type: 'chatwidget:resize', open: true, position: 'left' });
    expect(heard).toEqual([['ready'], ['open']]);
    api()('toggle');
    expect(told(f).at(-1)).toEqual({ type: 'chatwidget:open', open: false, origin: ORIGIN });
    f.says({ type: 'chatwidget:resize', open: false, position: 'left' });
    api()('open');
    expect(told(f).at(-1)).toEqual({ type: 'chatwidget:open', open: true, origin: ORIGIN });
    f.says({ type: 'chatwidget:resize', open: true, position: 'left' });
    expect(heard).toEqual([['ready'], ['open'], ['close'], ['open']]);
    // Twice before the widget answers: closed, then open again, as asked.
    api()('toggle');
    api()('toggle');
    expect(told(f).slice(-2)).toEqual([
      { type: 'chatwidget:open', open: false, origin: ORIGIN },
      { type: 'chatwidget:open', open: true, origin: ORIGIN },
    ]);
  });

  it('passes a signed token to the widget page by message, never in an address, and a new one at once', () => {
    page((plauder) => plauder('identify', { token: 'header.first.signature' }));
    const f = frame();
    // A signed-in user gets the widget page at once, as with data-user-id.
    expect(f.element.src).toBe(`${ORIGIN}/embed/w_api-1?lang=en`);
    f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
    expect(contexts(f).at(-1)).toMatchObject({ identityToken: 'header.first.signature', origin: ORIGIN });
    api()('identify', { token: 'header.second.signature' });
    expect(contexts(f).at(-1)).toMatchObject({ identityToken: 'header.second.signature', origin: ORIGIN });
    expect(() => api()('identify', { token: '' })).toThrow(TypeError);
    expect(() => api()('identify', 'header.first.signature')).toThrow(TypeError);
    expect(f.element.src).not.toContain('signature');
  });

  it('turns the launcher into the widget page (closed) when the page identifies its user later', () => {
    page();
    const f = frame();
    f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
    api()('identify', { token: 'header.later.signature' });
    expect(f.replaced).toHaveBeenCalledWith(`${ORIGIN}/embed/w_api-1?lang=en`);
    // The new document hears the token once it shows, not the launcher that is leaving.
    expect(contexts(f).map((m) => m.identityToken)).toEqual([null]);
    f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
    expect(contexts(f).map((m) => m.identityToken)).toEqual([null, 'header.later.signature']);
  });

  it('keeps the latest attributes until the frame can hear them, and checks only their shape', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    page((plauder) => {
      plauder('setAttributes', { plan: 'free', seats: 2 });
      plauder('setAttributes', { nested: { no: true } });
      plauder('setAttributes', { plan: 'pro', trial: false, coupon: null });
    });
    // The bad call is the page's error, and the calls after it still count.
    expect(errors).toHaveBeenCalledTimes(1);
    const f = frame();
    expect(f.posted).not.toHaveBeenCalled();
    f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
    expect(contexts(f).at(-1)!.attributes).toEqual({ plan: 'pro', seats: 2, trial: false, coupon: null });
    api()('setAttributes', { seats: 3 });
    expect(contexts(f).at(-1)!.attributes).toEqual({ plan: 'pro', seats: 3, trial: false, coupon: null });
    for (const bad of [null, 'plan=pro', ['pro'], { seats: Infinity }, { since: new Date() }])
      expect(() => api()('setAttributes', bad)).toThrow(TypeError);
    expect(contexts(f)).toHaveLength(2);
  });

  it('sends a removal until the widget page has its visitor, then forgets the key: removals never use up the 20', () => {
    const twenty = (prefix: string, value: string | null) =>
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${prefix}${i}`, value]));
    page((plauder) => plauder('setAttributes', { ...twenty('old', 'x') }));
    const f = frame();
    // The launcher page sets no attributes, even when it says a returning visitor's unread count.
    f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
    f.says({ type: 'chatwidget:event', name: 'unread', count: 0 });
    api()('setAttributes', twenty('old', null));
    expect(contexts(f).at(-1)!.attributes).toEqual(twenty('old', null));
    // The widget page before its visitor keeps only the latest context: that one still carries the removals.
    f.says({ type: 'chatwidget:load', open: true });
    f.says({ type: 'chatwidget:resize', open: true, position: 'right' });
    api()('setAttributes', { ...twenty('new', 'y'), new0: null });
    expect(contexts(f).at(-1)!.attributes).toEqual({ ...twenty('old', null), ...twenty('new', 'y'), new0: null });
    // With its visitor (its unread count) it has set them, and sets each context as it hears it.
    f.says({ type: 'chatwidget:event', name: 'unread', count: 0 });
    api()('setAttributes', { plan: 'pro' });
    const kept: Record<string, string | null> = { ...twenty('new', 'y'), plan: 'pro' };
    delete kept.new0;
    expect(contexts(f).at(-1)!.attributes).toEqual(kept);
    api()('setAttributes', { plan: null });
    delete kept.plan;
    api()('setAttributes', { seats: 3 });
    expect(contexts(f).at(-1)!.attributes).toEqual({ ...kept, seats: 3 });
    // A new document of the widget page (another language) gets what is set, and no removal again.
    api()('setLanguage', 'de');
    f.says({ type: 'chatwidget:resize', open: true, position: 'right' });
    expect(contexts(f).at(-1)!.attributes).toEqual({ ...kept, seats: 3 });
  });

  it('reloads the frame in the language the page sets: the launcher, or the widget page as it is', () => {
    page();
    const f = frame();
    f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
    api()('setLanguage', 'de');
    expect(f.replaced).toHaveBeenLastCalledWith(`${ORIGIN}/embed/w_api-1/launcher?lang=de`);
    api()('setLanguage', 'de');
    expect(f.replaced).toHaveBeenCalledTimes(1);
    f.says({ type: 'chatwidget:load', open: true });
    expect(f.replaced).toHaveBeenLastCalledWith(`${ORIGIN}/embed/w_api-1?lang=de&open=1`);
    f.says({ type: 'chatwidget:resize', open: true, position: 'right' });
    api()('setLanguage', 'en');
    expect(f.replaced).toHaveBeenLastCalledWith(`${ORIGIN}/embed/w_api-1?lang=en&open=1`);
    expect(() => api()('setLanguage', 'en"><script>')).toThrow(TypeError);
  });

  it('tells the page an operator’s message and each new unread count, from its own frame alone', () => {
    page();
    const heard = listen(api());
    const f = frame();
    f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
    f.says({ type: 'chatwidget:event', name: 'unread', count: 2 });
    f.says({ type: 'chatwidget:event', name: 'unread', count: 2 });
    f.says({ type: 'chatwidget:event', name: 'message', conversationId: 'c1', text: 'Hello' });
    f.says({ type: 'chatwidget:event', name: 'message', conversationId: 'c1' });
    // Another origin, or another window of this one, is not the widget.
    f.says({ type: 'chatwidget:event', name: 'unread', count: 9 }, 'https://elsewhere.example');
    const other = new MessageEvent('message', {
      data: { type: 'chatwidget:event', name: 'unread', count: 7 },
      origin: ORIGIN,
    });
    Object.defineProperty(other, 'source', { value: window });
    window.dispatchEvent(other);
    f.says({ type: 'chatwidget:event', name: 'unread', count: 0 });
    expect(heard).toEqual([
      ['ready'],
      ['unread', 2],
      ['message', { conversationId: 'c1', text: 'Hello' }],
      ['unread', 0],
    ]);
  });

  it('keeps telling the other listeners when one throws, and forgets one taken off', () => {
    page();
    const f = frame();
    const second = jest.fn();
    const gone = jest.fn();
    api()('on', 'unread', () => {
      throw new Error('the page’s own bug');
    });
    api()('on', 'unread', second);
    api()('on', 'unread', gone);
    api()('off', 'unread', gone);
    f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
    f.says({ type: 'chatwidget:event', name: 'unread', count: 1 });
    expect(second).toHaveBeenCalledWith(1);
    expect(gone).not.toHaveBeenCalled();
    // The page's error reaches its console (as an uncaught error), after the listeners.
    expect(() => jest.runOnlyPendingTimers()).toThrow('the page’s own bug');
  });
});
