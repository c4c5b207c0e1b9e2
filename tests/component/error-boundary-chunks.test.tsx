import { render, screen } from '@testing-library/react';
import LocaleError from '@/app/[locale]/error';
import GlobalError from '@/app/global-error';
import { ErrorLabelsProvider } from '@/components/errors/error-labels';
import { CHUNK_RELOAD_WINDOW_MS } from '@/lib/client/errors';
import en from '@/messages/en.json';

// The error boundaries after a chunk failed to load (as after a deployment): the page reloads, at most
// once per 10 s for the same path (spec §4); then the error page shows (issue 15, point 2). jsdom
// cannot reload a page, so the guard's reload is watched instead.
const reload = jest.fn();
// The page that failed, as the router names it (during a navigation the address bar follows later).
const PATH = '/de/chat';
jest.mock('next/navigation', () => ({ usePathname: () => '/de/chat' }));
jest.mock('@/lib/client/errors', () => {
  const actual = jest.requireActual('@/lib/client/errors');
  return { ...actual, tabReloadGuard: () => ({ storage: window.sessionStorage, reload }) };
});

const chunkError = () =>
  Object.assign(new Error('Failed to load chunk /_next/static/chunks/a.js from module 1'), { name: 'ChunkLoadError' });

function renderRouteError(error: Error) {
  return render(
    <ErrorLabelsProvider texts={en.Errors} homeHref="/">
      <LocaleError error={error} reset={() => {}} />
    </ErrorLabelsProvider>,
  );
}

beforeEach(() => {
  reload.mockReset();
  window.sessionStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the route’s error boundary', () => {
  it('reloads after a chunk failure instead of showing the error page', () => {
    const { container } = renderRouteError(chunkError());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(container).toBeEmptyDOMElement();
    expect(window.sessionStorage.getItem(`chunk-reload:${PATH}`)).toMatch(/^\d+$/);
  });

  it('shows the error page for a second chunk failure within 10 s, and reloads again after them', () => {
    window.sessionStorage.setItem(`chunk-reload:${PATH}`, String(Date.now() - 2_000));
    renderRouteError(chunkError());
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Internal Server Error');

    window.sessionStorage.setItem(`chunk-reload:${PATH}`, String(Date.now() - CHUNK_RELOAD_WINDOW_MS - 1));
    renderRouteError(chunkError());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the error page for any other error, without reloading', () => {
    renderRouteError(new Error('Boom'));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Internal Server Error');
  });
});

describe('the global error boundary (the locale layout failed)', () => {
  it('reloads after a chunk failure, and shows its page for a second one within 10 s', () => {
    const first = render(<GlobalError error={chunkError()} reset={() => {}} />, {
      container: document.documentElement,
    });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    first.rerender(<GlobalError error={chunkError()} reset={() => {}} />);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Internal Server Error');
  });
});
