// A member's note in a thread: the inbox renders it as its own card (components/inbox/note-card.tsx); the shared
// thread knows no note of its own, so the widget's frame (which never gets one) carries none of that code.
import { render, screen, within } from '@testing-library/react';
import { ThreadView, type ThreadLabels } from '@/components/conversations/thread-view';
import { NoteCard } from '@/components/inbox/note-card';
import type { MessageView } from '@/lib/conversations/constants';

const labels: ThreadLabels = {
  messages: 'Messages',
  you: 'You',
  other: 'Ada',
  seen: 'Seen',
  typing: 'Typing',
  closed: 'Closed',
  reopened: 'Reopened',
  loadOlder: 'Older',
};
const message = (id: number, sender: MessageView['sender'], text: string): MessageView => ({
  id,
  conversationId: 'c1',
  sender,
  authorName: sender === 'note' ? 'Bea Team' : null,
  authorPhoto: null,
  text,
  createdAt: '2026-11-27T10:15:00.000Z',
});
const messages = [message(1, 'visitor', 'Hello?'), message(2, 'note', 'Check the invoice @Cem')];

it('shows a note as the inbox renders it, with its author and time', () => {
  render(
    <ThreadView
      messages={messages}
      viewer="operator"
      seenUpTo={0}
      otherTyping={false}
      labels={labels}
      locale="en"
      renderNote={(note, time) => <NoteCard key={note.id} message={note} time={time} badge="Note" />}
    />,
  );
  const card = screen.getByRole('article', { name: 'Note: Bea Team' });
  expect(card).toHaveTextContent('Check the invoice @Cem');
  expect(within(card).getByRole('time')).toHaveAttribute('dateTime', '2026-11-27T10:15:00.000Z');
  expect(screen.getAllByRole('listitem')).toHaveLength(2);
});

it('renders nothing for a note without the inbox’s renderer', () => {
  render(
    <ThreadView messages={messages} viewer="visitor" seenUpTo={0} otherTyping={false} labels={labels} locale="en" />,
  );
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
  expect(screen.queryByText(/Check the invoice/)).toBeNull();
});
