// Issue 37: the widget's consent line and pre-chat note before the visitor's first message, and nothing of the
// widget in the visitor's browser (no visitor on the server either) until they write.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { WidgetApp } from '@/components/widget/widget-app';
import type { WidgetProps } from '@/components/widget/use-widget-panel';
import { visitorStorageKey } from '@/lib/widgets/frame';
import { widgetProps } from '../unit/widget-props';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const conversation = {
  id: 'c_1',
  status: 'open',
  lastMessageAt: '2026-11-27T02:00:00.000Z',
  lastMessagePreview: 'Hello',
  seenUpTo: 0,
  unread: 0,
};
const message = {
  id: 7,
  conversationId: 'c_1',
  sender: 'visitor',
  text: 'Hello',
  createdAt: conversation.lastMessageAt,
};

const props = (widget: Partial<WidgetProps['widget']> = {}, labels = en.Widget, locale = 'en') =>
  widgetProps(widget, { labels, locale });

let fetchMock: jest.Mock;
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit)?.method ?? 'GET'} ${url}`);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.endsWith('/visitors') && method === 'POST')
      return json(201, { token: 'visitor-token', visitorId: 'v_1', verified: false, name: null, email: null });
    if (url.endsWith('/conversations') && method === 'POST') return json(201, { conversation, message });
    if (url.endsWith('/conversations')) return json(200, { conversations: [conversation], cursor: 7 });
    // The event stream: never answers in this test.
    return new Promise<Response>(() => {});
  });
  Object.assign(globalThis, { fetch: fetchMock });
});

it('shows the note and the consent line, asks the server nothing and stores nothing before the first message', async () => {
  render(<WidgetApp {...props()} />);
  const start = await screen.findByRole('region', { name: en.Widget.startTitle });
  expect(within(start).getByText('Have your order number at hand.')).toBeVisible();
  const link = within(start).getByRole('link', { name: /privacy policy/ });
  expect(link).toHaveAttribute('href', 'https://shop.example/privacy');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  expect(link.parentElement).toHaveTextContent(/^By sending a message you agree .* privacy policy/);
  // Give a start that would have run at once its chance to run.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(fetchMock).not.toHaveBeenCalled();
  expect(localStorage.length).toBe(0);
  expect(sessionStorage.length).toBe(0);
  expect(document.cookie).toBe('');
});

it('starts the visitor with the first message, keeps the token from then on and drops the consent line', async () => {
  const user = userEvent.setup();
  render(<WidgetApp {...props()} />);
  await user.type(await screen.findByRole('textbox', { name: en.Widget.message }), 'Hello');
  await user.click(screen.getByRole('button', { name: en.Widget.send }));
  await waitFor(() => expect(screen.queryByRole('region', { name: en.Widget.startTitle })).toBeNull());
  expect(calls().slice(0, 2)).toEqual(['POST /api/widgets/w_1/visitors', 'POST /api/widgets/w_1/conversations']);
  expect(JSON.parse(localStorage.getItem(visitorStorageKey('w_1'))!)).toEqual({ token: 'visitor-token', userId: null });
  expect(screen.queryByRole('link', { name: /privacy policy/ })).toBeNull();
  // A new conversation later: the visitor has written, so no consent line again.
  await user.click(screen.getByRole('button', { name: en.Widget.back }));
  await user.click(await screen.findByRole('button', { name: en.Widget.newConversation }));
  expect(await screen.findByRole('region', { name: en.Widget.startTitle })).toBeVisible();
  expect(screen.queryByRole('link', { name: /privacy policy/ })).toBeNull();
});

it('reconnects a returning visitor at once, as before', async () => {
  localStorage.setItem(visitorStorageKey('w_1'), JSON.stringify({ token: 'stored', userId: null }));
  render(<WidgetApp {...props()} />);
  await waitFor(() => expect(calls()).toContain('GET /api/widgets/w_1/conversations'));
  expect(calls()[0]).toBe('POST /api/widgets/w_1/visitors');
  expect(await screen.findByText('Hello')).toBeVisible();
  expect(screen.queryByRole('link', { name: /privacy policy/ })).toBeNull();
});

it('speaks German, puts the note above the pre-chat form and shows no consent line without a policy', async () => {
  const { unmount } = render(
    <WidgetApp {...props({ preChat: 'name', preChatNote: 'Bitte Bestellnummer bereithalten.' }, de.Widget, 'de')} />,
  );
  const start = await screen.findByRole('region', { name: de.Widget.startTitle });
  const note = within(start).getByText('Bitte Bestellnummer bereithalten.');
  const name = within(start).getByRole('textbox', { name: de.Widget.nameLabel });
  expect(note.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(within(start).getByRole('link', { name: /Datenschutzerklärung/ })).toHaveAttribute(
    'href',
    'https://shop.example/privacy',
  );
  unmount();
  render(<WidgetApp {...props({ privacyPolicyUrl: null, preChatNote: '' })} />);
  const plain = await screen.findByRole('region', { name: en.Widget.startTitle });
  expect(within(plain).queryByRole('link')).toBeNull();
  expect(plain.querySelector('p')).toBeNull();
});
