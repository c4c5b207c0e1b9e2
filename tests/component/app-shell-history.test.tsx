import { render } from '@testing-library/react';
import { AppShellClient } from '@/components/app/app-shell-client';
import de from '@/messages/de.json';

// A file of its own: a move through the history is remembered for the rest of the document (this module).
const replace = jest.fn();
jest.mock('@/lib/client/locale-memory', () => ({
  ...jest.requireActual('@/lib/client/locale-memory'),
  openInPlace: (path: string) => replace(path),
}));

const cookie = () => /(?:^|; )i18n_redirected=(\w+)/.exec(document.cookie)?.[1];

describe('the remembered language after a move through the history', () => {
  it('leaves an English page reached with Back where it is, and remembers English', () => {
    // The visitor switched to German on /chat (remembered), then pressed Back: Next shows /chat again
    // in this document.
    document.cookie = 'i18n_redirected=de; Path=/';
    localStorage.setItem('i18n_redirected', 'de');
    window.history.pushState({}, '', '/chat');
    window.dispatchEvent(new PopStateEvent('popstate'));
    render(<AppShellClient labels={de.App} locale="en" />);
    expect(replace).not.toHaveBeenCalled();
    expect(cookie()).toBe('en');
    expect(localStorage.getItem('i18n_redirected')).toBe('en');
  });
});
