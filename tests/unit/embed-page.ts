// The loader (public/embed.js) on a page under jsdom, with a frame whose window records what it is told: the
// harness of the tests of its JavaScript API and of its layouts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ORIGIN = 'https://plauder.example';
const loader = readFileSync(join(process.cwd(), 'public/embed.js'), 'utf8');
const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
/** The stub exactly as the README tells a customer to paste it. */
export const stub = /<script>\s*(window\.Plauder[\s\S]*?)<\/script>/.exec(readme)![1];

export type Frame = {
  element: HTMLIFrameElement;
  posted: jest.Mock;
  replaced: jest.Mock;
  /** A message of the frame's document (from `origin`, this site's by default). */
  says(data: Record<string, unknown>, origin?: string): void;
};
export type Api = (method: string, ...args: unknown[]) => unknown;
export const api = () => (window as unknown as { Plauder: Api }).Plauder;

const listening: Array<[string, EventListenerOrEventListenerObject]> = [];
/** The loaders of earlier tests hear nothing more (a window resize would still move their frames). */
function forgetLoaders() {
  for (const [type, listener] of listening.splice(0)) window.removeEventListener(type, listener);
  const add = window.addEventListener.bind(window);
  jest.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    if (listener) listening.push([type, listener]);
    add(type, listener, options);
  });
}

/** The page: the stub, the calls it makes before the loader, then the loader (`attributes` on its script). */
export function page(before: (plauder: Api) => void = () => {}, attributes: Record<string, string> = {}) {
  forgetLoaders();
  document.documentElement.setAttribute('lang', 'en');
  document.body.innerHTML = '';
  delete (window as { Plauder?: unknown }).Plauder;
  new Function(stub)();
  before(api());
  const script = document.createElement('script');
  script.src = `${ORIGIN}/embed.js`;
  for (const [name, value] of Object.entries({ 'data-widget': 'w_api-1', ...attributes }))
    script.setAttribute(name, value);
  jest.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  new Function(loader)();
}

/** The loader's frame, once the page is idle, with a window that records what it is told. */
export function frame(): Frame {
  jest.advanceTimersByTime(3_000);
  const element = document.querySelector<HTMLIFrameElement>('iframe[data-chat-widget]')!;
  const posted = jest.fn();
  const replaced = jest.fn();
  const contentWindow = { postMessage: posted, location: { replace: replaced } };
  Object.defineProperty(element, 'contentWindow', { value: contentWindow });
  return {
    element,
    posted,
    replaced,
    says(data, origin = ORIGIN) {
      const event = new MessageEvent('message', { data, origin });
      Object.defineProperty(event, 'source', { value: contentWindow });
      window.dispatchEvent(event);
    },
  };
}

/** What the frame's window was told, with the origin each message was for. */
export const told = (f: Frame) => f.posted.mock.calls.map(([message, origin]) => ({ ...message, origin }));
export const contexts = (f: Frame) => told(f).filter((m) => m.type === 'chatwidget:context');

/** For each test of the file: fake timers (the loader starts when the page is idle) on a loaded page. */
export function withLoader() {
  beforeEach(() => {
    jest.useFakeTimers();
    if (document.readyState !== 'complete') window.dispatchEvent(new Event('load'));
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
}
