// The loader's layouts (public/embed.js): on a page under 640 CSS px the open widget covers the visible screen,
// the visual viewport that a phone's on-screen keyboard shrinks, and the page does not scroll behind it; the
// page gets back its own overflow when the widget closes. jsdom has no visual viewport: an EventTarget with a
// phone's metrics stands in for it, as on a phone it fires `resize` and `scroll`.
import { frame, page, told, withLoader, type Frame } from './embed-page';

type Viewport = EventTarget & { width: number; height: number; offsetTop: number; offsetLeft: number };

/** A window of `width` x `height` CSS px, with (or, `null`, without) a visual viewport of its size. */
function screen(width: number, height: number, visual: boolean | null = true): Viewport | null {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
  const viewport = visual
    ? Object.assign(new EventTarget(), { width, height, offsetTop: 0, offsetLeft: 0 })
    : undefined;
  Object.defineProperty(window, 'visualViewport', { value: viewport, configurable: true });
  return viewport ?? null;
}

/** Where and how large the frame is, as its inline style says. */
function box(f: Frame) {
  const { top, left, right, bottom, width, height } = f.element.style;
  return { top, left, right, bottom, width, height };
}

const layouts = (f: Frame) => told(f).filter((m) => m.type === 'chatwidget:layout');
const styles = () => [document.documentElement.getAttribute('style'), document.body.getAttribute('style')];

withLoader();
afterEach(() => {
  document.documentElement.removeAttribute('style');
  document.body.removeAttribute('style');
  screen(1024, 768);
});

describe('the widget on a phone', () => {
  it('covers the visual viewport while open, follows the keyboard, and gives the page back its own scrolling', () => {
    const viewport = screen(390, 844)!;
    page();
    document.documentElement.setAttribute('style', 'overflow-y: scroll;');
    // Longhands: jsdom does not know the shorthand's (the e2e test has it in Chromium).
    document.body.setAttribute('style', 'overflow-x: clip !important; color: black;');
    const before = styles();
    const f = frame();
    f.says({ type: 'chatwidget:resize', open: false, position: 'left' });
    // Closed: the launcher as anywhere else; the frame's document hears that the page is narrow.
    expect(box(f)).toEqual({ top: '', left: '16px', right: '', bottom: '16px', width: '72px', height: '72px' });
    expect(layouts(f)).toEqual([{ type: 'chatwidget:layout', narrow: true, origin: 'https://plauder.example' }]);
    f.says({ type: 'chatwidget:load', open: true });
    f.says({ type: 'chatwidget:resize', open: true, position: 'left' });
    expect(box(f)).toEqual({ top: '0px', left: '0px', right: '', bottom: '', width: '390px', height: '844px' });
    // The widget page is a new document: it hears it too.
    expect(layouts(f)).toHaveLength(2);
    for (const element of [document.documentElement, document.body])
      for (const name of ['overflow-x', 'overflow-y']) {
        expect(element.style.getPropertyValue(name)).toBe('hidden');
        expect(element.style.getPropertyPriority(name)).toBe('important');
      }
    // The keyboard opens: the visual viewport shrinks, then the browser scrolls it to the focused field.
    Object.assign(viewport, { height: 508 });
    viewport.dispatchEvent(new Event('resize'));
    expect(box(f)).toMatchObject({ top: '0px', height: '508px', width: '390px' });
    Object.assign(viewport, { offsetTop: 120, offsetLeft: 4 });
    viewport.dispatchEvent(new Event('scroll'));
    expect(box(f)).toMatchObject({ top: '120px', left: '4px', height: '508px' });
    f.says({ type: 'chatwidget:resize', open: false, position: 'left' });
    expect(box(f)).toEqual({ top: '', left: '16px', right: '', bottom: '16px', width: '72px', height: '72px' });
    expect(styles()).toEqual(before);
    // Closed, the frame no longer follows the visual viewport.
    Object.assign(viewport, { height: 300 });
    viewport.dispatchEvent(new Event('resize'));
    expect(box(f).height).toBe('72px');
  });

  it('switches between the panel and the full screen when the window crosses 640 px while open', () => {
    screen(1024, 768);
    page();
    const f = frame();
    f.says({ type: 'chatwidget:load', open: true });
    f.says({ type: 'chatwidget:resize', open: true, position: 'right' });
    expect(box(f)).toEqual({ top: '', left: '', right: '16px', bottom: '16px', width: '380px', height: '600px' });
    expect(layouts(f)).toEqual([]);
    expect(document.documentElement.getAttribute('style')).toBeNull();
    // Turned to portrait (a tablet, a narrowed window).
    screen(600, 900);
    window.dispatchEvent(new Event('resize'));
    expect(box(f)).toEqual({ top: '0px', left: '0px', right: '', bottom: '', width: '600px', height: '900px' });
    expect(document.documentElement.style.overflowY).toBe('hidden');
    expect(layouts(f).at(-1)).toMatchObject({ narrow: true });
    screen(900, 600);
    window.dispatchEvent(new Event('resize'));
    expect(box(f)).toEqual({ top: '', left: '', right: '16px', bottom: '16px', width: '380px', height: '568px' });
    expect(document.documentElement.getAttribute('style')).toBeNull();
    expect(layouts(f).at(-1)).toMatchObject({ narrow: false });
  });

  it('gives back only its overflow where the page changed its style meanwhile', () => {
    screen(390, 844);
    page();
    document.body.setAttribute('style', 'overflow-y: auto;');
    const f = frame();
    f.says({ type: 'chatwidget:load', open: true });
    f.says({ type: 'chatwidget:resize', open: true, position: 'right' });
    expect(document.body.style.overflowY).toBe('hidden');
    document.body.style.color = 'red';
    f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
    expect(document.body.style.color).toBe('red');
    expect(document.body.style.overflowY).toBe('auto');
    expect(document.body.style.getPropertyPriority('overflow-y')).toBe('');
    expect(document.body.style.overflowX).toBe('');
    expect(document.documentElement.getAttribute('style')).toBeNull();
  });

  it('takes the window’s size where the browser has no visual viewport', () => {
    screen(360, 640, null);
    page();
    const f = frame();
    f.says({ type: 'chatwidget:load', open: true });
    f.says({ type: 'chatwidget:resize', open: true, position: 'right' });
    expect(box(f)).toEqual({ top: '0px', left: '0px', right: '', bottom: '', width: '360px', height: '640px' });
    f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
    expect(box(f)).toMatchObject({ width: '72px', height: '72px', right: '16px', bottom: '16px' });
  });
});
