import { act, render, screen } from '@testing-library/react';
import { Toaster } from '@/components/ui/toaster';
import { toast } from '@/components/ui/toast';
import { GlobalErrorHandler } from '@/components/app/global-error-handler';

// The toast is raised asynchronously (sonner is loaded on demand), then added by sonner in a timeout.
async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
  act(() => void jest.advanceTimersByTime(0));
}

function rejection(reason: unknown) {
  const event = new Event('unhandledrejection') as PromiseRejectionEvent;
  Object.defineProperty(event, 'reason', { value: reason });
  return event;
}

describe('GlobalErrorHandler', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.sessionStorage.clear();
    render(
      <>
        <Toaster labels={{ close: 'Close', region: 'Notifications' }} />
        <GlobalErrorHandler generalError="Something went wrong." />
      </>,
    );
  });
  afterEach(async () => {
    await act(async () => void (await toast.dismiss()));
    act(() => void jest.runOnlyPendingTimers());
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('shows an uncaught error’s own message as an error toast', async () => {
    act(
      () =>
        void window.dispatchEvent(
          new ErrorEvent('error', { error: new Error('Quota exceeded'), message: 'Quota exceeded' }),
        ),
    );
    await flush();
    expect(screen.getByText('Quota exceeded').closest('[data-toast-type]')).toHaveAttribute('data-toast-type', 'error');
  });

  it('falls back to the translated general error', async () => {
    act(() => void window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' })));
    await flush();
    expect(screen.getByText('Something went wrong.')).toBeInTheDocument();
  });

  it('shows unhandled promise rejections with their reason', async () => {
    act(() => void window.dispatchEvent(rejection(new Error('Network down'))));
    act(() => void window.dispatchEvent(rejection(undefined)));
    await flush();
    expect(screen.getByText('Network down')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong.')).toBeInTheDocument();
  });

  it('reloads once after a chunk-load error instead of showing it', async () => {
    // jsdom cannot navigate: a chunk error here reloads (a no-op) and then, inside the 10 s window,
    // is shown as a toast because it did not go away.
    jest.spyOn(console, 'error').mockImplementation(() => {}); // jsdom: "navigation not implemented"
    const chunkError = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
    act(() => void window.dispatchEvent(rejection(chunkError)));
    await flush();
    expect(screen.queryByText('Loading chunk 7 failed.')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(`chunk-reload:${window.location.pathname}`)).not.toBeNull();
    act(() => void window.dispatchEvent(rejection(chunkError)));
    await flush();
    expect(screen.getByText('Loading chunk 7 failed.')).toBeInTheDocument();
  });
});
