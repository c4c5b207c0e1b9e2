// The inbox list without a reload: a snoozed conversation is under Snoozed, not Open, until its time; then the
// list's own clock moves on and it is back under Open. Labels show as chips and filter the list.
import { act, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { InboxConversationView, LabelView } from '@/lib/conversations/constants';
import { InboxList } from '@/components/inbox/inbox-list';
import { useSnoozeClock } from '@/components/inbox/snooze-clock';
import type { Selection } from '@/components/inbox/use-inbox';
import en from '@/messages/en.json';

const labels = en.Dashboard.inbox;
const START = Date.parse('2026-06-01T10:00:00Z');
const vip: LabelView = { id: '00000000-0000-4000-8000-000000000001', name: 'VIP', colour: 'violet' };

function conversation(id: string, preview: string, extra: Partial<InboxConversationView> = {}): InboxConversationView {
  return {
    id,
    widget: { id: 'w', name: 'Help desk' },
    assignee: null,
    status: 'open',
    createdAt: new Date(START).toISOString(),
    lastMessageAt: new Date(START).toISOString(),
    lastMessagePreview: preview,
    lastSender: 'visitor',
    unread: 0,
    seenUpTo: 0,
    pageUrl: null,
    pageTitle: null,
    locale: 'en',
    visitor: {
      id: `v-${id}`,
      userId: null,
      verified: false,
      name: null,
      email: null,
      nameVerified: false,
      emailVerified: false,
      locale: 'en',
      firstSeenAt: new Date(START).toISOString(),
      blocked: false,
      attributes: {},
      referrer: null,
      browser: null,
      os: null,
      timeZone: null,
      pageAt: null,
    },
    labels: [],
    snoozedUntil: null,
    rating: null,
    ...extra,
  };
}

const later = conversation('c1', 'Back in a minute', {
  snoozedUntil: new Date(START + 60_000).toISOString(),
  labels: [vip.id],
});
const plain = conversation('c2', 'Plain and open');

function List({ initial }: { initial: Selection }) {
  const [selection, setSelection] = useState(initial);
  const conversations = [later, plain];
  const now = useSnoozeClock(conversations);
  return (
    <InboxList
      conversations={conversations}
      selection={selection}
      onSelection={setSelection}
      workspaceLabels={[vip]}
      now={now}
      me="me"
      selected={null}
      onSelect={() => {}}
      more={{ hasMore: false, loading: false, load: async () => [] }}
      labels={labels}
      locale="en"
    />
  );
}

const entries = () =>
  within(screen.getByRole('navigation', { name: labels.list }))
    .queryAllByRole('button')
    .map((button) => button.textContent);

beforeEach(() => {
  jest.useFakeTimers({ now: START });
});
afterEach(() => jest.useRealTimers());

it('lists a snoozed conversation under Snoozed until its time, then under Open by itself', () => {
  render(<List initial={{ filter: 'open', view: 'all', label: '' }} />);
  expect(entries()).toEqual([expect.stringContaining('Plain and open')]);
  act(() => screen.getByRole('radio', { name: labels.filters.snoozed }).click());
  expect(entries()).toEqual([expect.stringContaining(labels.snooze.badge)]);

  act(() => jest.advanceTimersByTime(61_000));
  expect(entries()).toEqual([]);
  act(() => screen.getByRole('radio', { name: labels.filters.open }).click());
  expect(entries()).toEqual([expect.stringContaining('Back in a minute'), expect.stringContaining('Plain and open')]);
  expect(entries()[0]).not.toContain(labels.snooze.badge);
});

it('shows labels as chips and filters by one', () => {
  render(<List initial={{ filter: 'all', view: 'all', label: '' }} />);
  expect(entries()).toHaveLength(2);
  expect(entries()[0]).toContain('VIP');
  act(() => {
    const select = screen.getByRole('combobox', { name: labels.labels.filter }) as HTMLSelectElement;
    select.value = vip.id;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  expect(entries()).toEqual([expect.stringContaining('Back in a minute')]);
});
