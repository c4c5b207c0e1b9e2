// The inbox's search box and its results (issue 39): one request after typing pauses, only the filters that
// are set, calendar days as the operator's own midnights, marked words as text (never HTML), an answer to an
// older search never shown, and a hit opens its conversation at its message.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $fetch } from 'ofetch';
import { SearchBox, SearchResults } from '@/components/inbox/inbox-search';
import { searchQuery, useInboxSearch, NO_FILTERS } from '@/components/inbox/use-inbox-search';
import type { InboxConversationView, InboxSearchPage } from '@/lib/conversations/constants';
import de from '@/messages/de.json';

jest.mock('ofetch', () => ({ $fetch: jest.fn() }));
const fetchMock = $fetch as unknown as jest.Mock;
const labels = de.Dashboard.inbox;

const conversation = (id: string, name: string) =>
  ({
    id,
    widget: { id: 'w1', name: 'Shop' },
    status: 'open',
    lastMessageAt: '2026-11-20T10:00:00.000Z',
    visitor: { name, email: null },
  }) as unknown as InboxConversationView;

function Harness({ onOpen }: { onOpen: (cid: string, mid: number) => void }) {
  const search = useInboxSearch('/api/workspaces/ws/inbox');
  return (
    <>
      <SearchBox
        search={search}
        teammates={[]}
        widgets={[{ id: 'w1', name: 'Shop' }]}
        workspaceLabels={[{ id: 'l1', name: 'Billing' }]}
        labels={labels.search}
      />
      {search.active && <SearchResults search={search} selected={null} onOpen={onOpen} labels={labels} locale="de" />}
    </>
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  fetchMock.mockReset();
});
afterEach(() => jest.useRealTimers());

it('asks once after typing pauses, shows marked words as text, and opens a hit at its message', async () => {
  const page: InboxSearchPage = {
    results: [
      {
        conversation: conversation('c1', 'Greta'),
        messageId: 42,
        at: '2026-11-20T09:00:00.000Z',
        excerpt: [
          { text: 'Wo ist die ', marked: false },
          { text: 'Rechnung', marked: true },
          { text: ' <b>heute</b>?', marked: false },
        ],
      },
      {
        conversation: conversation('c2', 'Rechner Anna'),
        messageId: 40,
        at: '2026-11-19T09:00:00.000Z',
        excerpt: null,
      },
    ],
    nextCursor: null,
  };
  fetchMock.mockResolvedValue(page);
  const onOpen = jest.fn();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Harness onOpen={onOpen} />);
  await user.type(screen.getByRole('searchbox', { name: labels.search.label }), 'Rechnungen');
  expect(fetchMock).not.toHaveBeenCalled();
  await act(() => jest.advanceTimersByTimeAsync(300));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0][1].query).toEqual({ q: 'Rechnungen' });

  const results = screen.getByRole('navigation', { name: labels.search.results });
  expect(screen.getByRole('status')).toHaveTextContent('2 Treffer');
  const first = screen.getByRole('button', { name: /Greta/ });
  expect(first.querySelector('mark')).toHaveTextContent('Rechnung');
  expect(first).toHaveTextContent('Wo ist die Rechnung <b>heute</b>?');
  expect(results.querySelector('b')).toBeNull();
  expect(screen.getByRole('button', { name: /Rechner Anna/ })).toHaveTextContent(labels.search.visitorMatch);
  await user.click(first);
  expect(onOpen).toHaveBeenCalledWith('c1', 42);
});

it('never shows the answer to an older search, and says when nothing matches', async () => {
  let answerOld: (page: InboxSearchPage) => void = () => {};
  fetchMock
    .mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve)))
    .mockResolvedValueOnce({ results: [], nextCursor: null });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Harness onOpen={jest.fn()} />);
  const box = screen.getByRole('searchbox', { name: labels.search.label });
  await user.type(box, 'alt');
  await act(() => jest.advanceTimersByTimeAsync(300));
  await user.type(box, 'es');
  await act(() => jest.advanceTimersByTimeAsync(300));
  await act(async () =>
    answerOld({
      results: [
        { conversation: conversation('c9', 'Old'), messageId: 1, at: '2026-11-20T09:00:00.000Z', excerpt: null },
      ],
      nextCursor: null,
    }),
  );
  expect(fetchMock.mock.calls.map((call) => call[1].query.q)).toEqual(['alt', 'altes']);
  expect(fetchMock.mock.calls[0][1].signal.aborted).toBe(true);
  expect(screen.queryByRole('button', { name: /Old/ })).toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent('Nichts passt zu „altes“.');
});

it('sends only the filters that are set, days as the operator’s own midnights', () => {
  expect(searchQuery(' Paket ', NO_FILTERS)).toEqual({ q: 'Paket' });
  const query = searchQuery(
    'Paket',
    { status: 'closed', assignee: 'none', label: 'l1', widget: 'w1', from: '2026-03-29', to: '2026-03-29' },
    '77',
  );
  expect(query).toEqual({
    q: 'Paket',
    status: 'closed',
    assignee: 'none',
    label: 'l1',
    widget: 'w1',
    from: new Date(2026, 2, 29).toISOString(),
    to: new Date(2026, 2, 30).toISOString(),
    cursor: '77',
  });
});

it('puts the chosen filters into the next search', async () => {
  fetchMock.mockResolvedValue({ results: [], nextCursor: null });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Harness onOpen={jest.fn()} />);
  await user.click(screen.getByText(labels.search.filters));
  await user.selectOptions(screen.getByLabelText(labels.search.status), 'snoozed');
  await user.selectOptions(screen.getByLabelText(labels.search.labelFilter), 'l1');
  await user.selectOptions(screen.getByLabelText(labels.search.widget), 'w1');
  await user.type(screen.getByRole('searchbox', { name: labels.search.label }), 'Paket');
  await act(() => jest.advanceTimersByTimeAsync(300));
  expect(fetchMock.mock.calls.at(-1)![1].query).toEqual({ q: 'Paket', status: 'snoozed', label: 'l1', widget: 'w1' });
});
