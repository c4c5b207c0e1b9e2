import { render } from '@testing-library/react';
import { RequestedPath } from '@/components/errors/requested-path';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

// A page's notFound() (another user's ticket) renders the 404 in the browser, which knows the address.
describe('RequestedPath', () => {
  it.each([
    ['en', en.Errors.notFound.message, '/dashboard/tickets/<b>7</b>', 'Page Not Found: /dashboard/tickets/<b>7</b>'],
    [
      'de',
      de.Errors.notFound.message,
      '/de/dashboard/tickets/über',
      'Seite nicht gefunden: /de/dashboard/tickets/über',
    ],
  ])('says the specification’s sentence with the address bar’s path, as text (%s)', (_locale, message, path, shown) => {
    window.history.pushState({}, '', encodeURI(path));
    const { container } = render(
      <p>
        <RequestedPath message={message} />
      </p>,
    );
    expect(container.querySelector('p')).toHaveTextContent(shown);
    expect(container.querySelector('b')).toBeNull();
  });
});
