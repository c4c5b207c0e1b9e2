import { act, render, screen } from '@testing-library/react';
import { AppShellClient } from '@/components/app/app-shell-client';
import { toast } from '@/components/ui/toast';
import de from '@/messages/de.json';

const replace = jest.fn();
// The page in the remembered language opens as a new document (jsdom cannot navigate).
jest.mock('@/lib/client/locale-memory', () => ({
  ...jest.requireActual('@/lib/client/locale-memory'),
  openInPlace: (path: string) => replace(path),
}));

const labels = de.App;

describe('AppShellClient', () => {
  afterEach(async () => {
    await act(async () => void (await toast.dismiss()));
  });

  it('mounts no toaster (and loads no sonner) until the first toast is raised, then shows it', async () => {
    render(<AppShellClient labels={labels} locale="en" />);
    expect(document.documentElement.dataset.hydrated).toBe('true');
    // Long enough for a lazily imported toaster to have mounted, had it been requested at mount.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    expect(screen.queryByRole('region', { name: /Benachrichtigungen/ })).toBeNull();

    await act(async () => void toast.success('Gespeichert'));
    const card = await screen.findByText('Gespeichert');
    expect(card.closest('[data-toast-type]')).toHaveAttribute('data-toast-type', 'success');
    // The toaster carries the translated labels the shell was given.
    expect(screen.getByRole('region', { name: /Benachrichtigungen/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Benachrichtigung schließen' })).toBeInTheDocument();
  });
});

describe('the remembered language (spec §3)', () => {
  const cookie = () => /(?:^|; )i18n_redirected=(\w+)/.exec(document.cookie)?.[1];
  beforeEach(() => {
    replace.mockClear();
    localStorage.clear();
    document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
  });

  it('is restored from local storage at start: an English page opens in German', () => {
    localStorage.setItem('i18n_redirected', 'de');
    window.history.pushState({}, '', '/chat?room=lobby#latest');
    render(<AppShellClient labels={labels} locale="en" />);
    expect(replace).toHaveBeenCalledWith('/de/chat?room=lobby#latest');
    expect(cookie()).toBe('de');
  });

  it('is restored from the cookie, which wins over local storage', () => {
    document.cookie = 'i18n_redirected=de; Path=/';
    localStorage.setItem('i18n_redirected', 'en');
    window.history.pushState({}, '', '/');
    render(<AppShellClient labels={labels} locale="en" />);
    expect(replace).toHaveBeenCalledWith('/de');
    expect(localStorage.getItem('i18n_redirected')).toBe('de');
  });

  it('follows a page with a language prefix, and remembers it', () => {
    document.cookie = 'i18n_redirected=en; Path=/';
    window.history.pushState({}, '', '/de/chat');
    render(<AppShellClient labels={labels} locale="de" />);
    expect(replace).not.toHaveBeenCalled();
    expect(cookie()).toBe('de');
    expect(localStorage.getItem('i18n_redirected')).toBe('de');
  });

  it('follows the browser’s preferred language on a first visit', () => {
    const languages = jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
    window.history.pushState({}, '', '/signup');
    render(<AppShellClient labels={labels} locale="en" />);
    expect(replace).toHaveBeenCalledWith('/de/signup');
    languages.mockRestore();
  });

  it('remembers the language of a first visit', () => {
    window.history.pushState({}, '', '/shop/starter');
    render(<AppShellClient labels={labels} locale="en" />);
    expect(replace).not.toHaveBeenCalled();
    expect(cookie()).toBe('en');
    expect(localStorage.getItem('i18n_redirected')).toBe('en');
  });
});
