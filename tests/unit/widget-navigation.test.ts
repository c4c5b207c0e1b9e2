// The loader (public/embed.js) follows a single-page app's navigation: after history.pushState/replaceState,
// Back/Forward (popstate) and a new fragment (hashchange) the frame hears the page's new address and title, a
// second after the last change, once per address.
import { contexts, frame, page, withLoader } from './embed-page';

withLoader();

/** The pages the frame was told of, in order. */
const pagesTold = (f: ReturnType<typeof frame>) => contexts(f).map((context) => context.page);

afterEach(() => window.history.replaceState(null, '', '/'));

it('tells the frame each address a single-page app navigates to, with its title and the referrer', () => {
  page();
  const f = frame();
  f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
  expect(pagesTold(f)).toEqual([{ url: 'http://localhost/', title: document.title, referrer: document.referrer }]);

  window.history.pushState(null, '', '/pricing');
  // The app sets its title as it renders the new page: the frame hears both a second later.
  document.title = 'Pricing';
  jest.advanceTimersByTime(999);
  expect(pagesTold(f)).toHaveLength(1);
  jest.advanceTimersByTime(1);
  expect(pagesTold(f).at(-1)).toEqual({ url: 'http://localhost/pricing', title: 'Pricing', referrer: '' });

  // The same address again (a state of the app's own) is no news.
  window.history.replaceState({ tab: 2 }, '', '/pricing');
  jest.advanceTimersByTime(1000);
  expect(pagesTold(f)).toHaveLength(2);

  window.history.pushState(null, '', '/docs');
  window.dispatchEvent(new PopStateEvent('popstate'));
  window.history.replaceState(null, '', '/docs#install');
  window.dispatchEvent(new HashChangeEvent('hashchange'));
  jest.advanceTimersByTime(1000);
  // A burst of changes is one report, of where it ended.
  expect(
    pagesTold(f)
      .slice(2)
      .map((told) => told.url),
  ).toEqual(['http://localhost/docs#install']);
});

it('tells nothing before the frame has shown itself, which hears the page when it does', () => {
  page();
  const f = frame();
  window.history.pushState(null, '', '/cart');
  jest.advanceTimersByTime(1000);
  expect(pagesTold(f)).toEqual([]);
  f.says({ type: 'chatwidget:resize', open: false, position: 'right' });
  expect(pagesTold(f).map((told) => told.url)).toEqual(['http://localhost/cart']);
});
