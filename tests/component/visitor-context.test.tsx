// The visitor's context in the thread's header (issue 39, point 8): where they came from, browser and system, their
// local time (live), the pages they viewed as safe links in a new tab, and their conversations, each opening here.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $fetch } from 'ofetch';
import { VisitorContext } from '@/components/inbox/visitor-context';
import type { VisitorContextView } from '@/lib/conversations/constants';
import de from '@/messages/de.json';
import en from '@/messages/en.json';

jest.mock('ofetch', () => ({ $fetch: jest.fn() }));
const fetchMock = $fetch as unknown as jest.Mock;

const API = '/api/workspaces/w1/visitors/v1';
const visitor = {
  referrer: 'https://www.google.com/search?q=chat',
  browser: 'Firefox 128',
  os: 'Ubuntu 24.04',
  timeZone: 'America/New_York',
  pageAt: '2026-03-02T14:00:00.000Z',
};
const context: VisitorContextView = {
  pages: [
    { url: 'https://shop.example/checkout', title: 'Kasse', at: '2026-03-02T14:00:00.000Z' },
    { url: 'https://shop.example/pricing', title: null, at: '2026-03-02T13:58:00.000Z' },
  ],
  conversations: [
    {
      id: 'c-now',
      status: 'open',
      createdAt: '2026-03-02T13:59:00.000Z',
      lastMessagePreview: 'Geht das auch jährlich?',
      widget: 'Shop',
    },
    {
      id: 'c-before',
      status: 'closed',
      createdAt: '2026-01-10T09:00:00.000Z',
      lastMessagePreview: 'Danke!',
      widget: 'Shop',
    },
  ],
};

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-03-02T14:00:30.000Z') });
  fetchMock.mockReset();
});
afterEach(() => jest.useRealTimers());

function show(props: Partial<Parameters<typeof VisitorContext>[0]> = {}) {
  const onOpen = jest.fn();
  const view = render(
    <VisitorContext
      api={API}
      visitor={visitor}
      conversationId="c-now"
      onOpen={onOpen}
      labels={de.Dashboard.inbox.context}
      locale="de"
      {...props}
    />,
  );
  return { ...view, onOpen };
}

it('shows where the visitor came from, their browser, system and local time, moving on live', async () => {
  fetchMock.mockResolvedValue(context);
  const { container } = show();
  await act(() => jest.advanceTimersByTimeAsync(0));
  const details = within(container.querySelector('dl')!);
  expect(details.getAllByRole('term').map((term) => term.textContent)).toEqual([
    'Gekommen von',
    'Browser',
    'Betriebssystem',
    'Ortszeit',
  ]);
  const [referrer, browser, os, time] = details.getAllByRole('definition');
  const link = within(referrer).getByRole('link');
  expect(link).toHaveAttribute('href', visitor.referrer);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  expect(browser).toHaveTextContent('Firefox 128');
  expect(os).toHaveTextContent('Ubuntu 24.04');
  // 14:00 UTC is 09:00 in New York (standard time in March, before the change).
  expect(time).toHaveTextContent('Mo., 09:00 (America/New York)');
  await act(() => jest.advanceTimersByTimeAsync(60_000));
  expect(time).toHaveTextContent('Mo., 09:01 (America/New York)');
});

it('lists the pages newest first as links in a new tab, and web addresses only', async () => {
  fetchMock.mockResolvedValue({
    ...context,
    pages: [...context.pages, { url: 'javascript:alert(1)', title: 'Trap', at: '2026-03-02T13:00:00.000Z' }],
  });
  show();
  await act(() => jest.advanceTimersByTimeAsync(0));
  expect(fetchMock).toHaveBeenCalledWith(API);
  const pages = screen.getByRole('list', { name: 'Besuchte Seiten' });
  const items = within(pages).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^02\.03\.2026, \d\d:00Kasse \(öffnet in einem neuen Tab\)$/),
    expect.stringMatching(/^02\.03\.2026, \d\d:58https:\/\/shop\.example\/pricing \(öffnet in einem neuen Tab\)$/),
    expect.stringMatching(/Trap$/),
  ]);
  const links = within(pages).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    'https://shop.example/checkout',
    'https://shop.example/pricing',
  ]);
  for (const link of links) {
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  expect(within(items[2]).queryByRole('link')).toBeNull();
});

it('lists the visitor’s conversations, this one marked; a click opens another here', async () => {
  fetchMock.mockResolvedValue(context);
  const { onOpen } = show();
  await act(() => jest.advanceTimersByTimeAsync(0));
  const list = screen.getByRole('list', { name: 'Gespräche dieses Besuchers' });
  const [current, before] = within(list).getAllByRole('link');
  expect(current).toHaveAttribute('aria-current', 'page');
  expect(current).toHaveTextContent('(dieses)');
  expect(before).toHaveAttribute('href', '?conversation=c-before');
  expect(before).not.toHaveAttribute('aria-current');
  expect(list).toHaveTextContent('Danke!');
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await user.click(before);
  expect(onOpen).toHaveBeenCalledWith('c-before');
});

it('loads the pages again when the widget reports another, and says when they cannot be loaded', async () => {
  fetchMock.mockResolvedValueOnce(context).mockRejectedValueOnce(new Error('offline'));
  const { rerender, onOpen } = show();
  await act(() => jest.advanceTimersByTimeAsync(0));
  rerender(
    <VisitorContext
      api={API}
      visitor={{ ...visitor, pageAt: '2026-03-02T14:05:00.000Z' }}
      conversationId="c-now"
      onOpen={onOpen}
      labels={de.Dashboard.inbox.context}
      locale="de"
    />,
  );
  await act(() => jest.advanceTimersByTimeAsync(0));
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(screen.getByRole('alert')).toHaveTextContent(de.Dashboard.inbox.context.loadError);
});

it('says what it does not know, in English too', async () => {
  fetchMock.mockResolvedValue({ pages: [], conversations: [] });
  const { container } = render(
    <VisitorContext
      api={API}
      visitor={{ referrer: null, browser: null, os: null, timeZone: null, pageAt: null }}
      conversationId="c-now"
      onOpen={jest.fn()}
      labels={en.Dashboard.inbox.context}
      locale="en"
    />,
  );
  await act(() => jest.advanceTimersByTimeAsync(0));
  expect(
    within(container.querySelector('dl')!)
      .getAllByRole('definition')
      .map((value) => value.textContent),
  ).toEqual(['directly or unknown', 'unknown', 'unknown', 'unknown']);
  expect(screen.getByText('No pages reported yet.')).toBeInTheDocument();
});
