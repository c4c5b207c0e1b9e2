import { CHUNK_RELOAD_WINDOW_MS, errorMessage, isChunkLoadError, reloadAfterChunkError } from '@/lib/client/errors';

describe('isChunkLoadError', () => {
  it.each([
    [Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' })],
    [new Error('Loading chunk app-page failed. (error: /_next/static/chunks/x.js)')],
    [new Error('Loading CSS chunk 42 failed')],
    [new TypeError('Failed to fetch dynamically imported module: /_next/static/chunks/a.js')],
    [new TypeError('error loading dynamically imported module')],
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([[new Error('Boom')], ['Loading'], [null], [undefined], [{ message: 42 }]])(
    'does not mistake %p',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );
});

describe('errorMessage', () => {
  it('uses the error’s own message', () => {
    expect(errorMessage(new Error('Disk full'), 'General')).toBe('Disk full');
    expect(errorMessage('plain text', 'General')).toBe('plain text');
  });

  it('falls back when there is no usable message', () => {
    expect(errorMessage(new Error(''), 'General')).toBe('General');
    expect(errorMessage(undefined, 'General')).toBe('General');
    expect(errorMessage({}, 'General')).toBe('General');
    expect(errorMessage('Script error.', 'General')).toBe('General');
  });
});

describe('reloadAfterChunkError', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    window.sessionStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  const deps = () => ({ storage: window.sessionStorage, reload: jest.fn() });

  it('reloads at most once per 10 s for the same path', () => {
    const d = deps();
    expect(reloadAfterChunkError('/de/chat', d)).toBe(true);
    expect(reloadAfterChunkError('/de/chat', d)).toBe(false);
    jest.advanceTimersByTime(CHUNK_RELOAD_WINDOW_MS - 1);
    expect(reloadAfterChunkError('/de/chat', d)).toBe(false);
    expect(d.reload).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(reloadAfterChunkError('/de/chat', d)).toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(2);
  });

  it('keeps a separate window per path', () => {
    const d = deps();
    expect(reloadAfterChunkError('/chat', d)).toBe(true);
    expect(reloadAfterChunkError('/login', d)).toBe(true);
    expect(reloadAfterChunkError('/chat', d)).toBe(false);
    expect(d.reload).toHaveBeenCalledTimes(2);
  });

  it('survives the reload itself: the guard lives in session storage', () => {
    const first = deps();
    reloadAfterChunkError('/', first);
    jest.advanceTimersByTime(3000);
    const afterReload = deps();
    expect(reloadAfterChunkError('/', afterReload)).toBe(false);
    expect(afterReload.reload).not.toHaveBeenCalled();
  });

  it('does not reload when the guard cannot be stored', () => {
    const reload = jest.fn();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(reloadAfterChunkError('/', { storage, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
