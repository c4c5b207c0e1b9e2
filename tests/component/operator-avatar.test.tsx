// The visitor sees who answered: the operator's photo named by their name, or their initials without one
// (or when the photo cannot be loaded).
import { fireEvent, render, screen } from '@testing-library/react';
import { ThreadView, type ThreadLabels } from '@/components/conversations/thread-view';
import type { MessageView } from '@/lib/conversations/constants';

const labels: ThreadLabels = {
  messages: 'Messages',
  you: 'You',
  other: 'Team',
  seen: 'Seen',
  typing: 'Typing',
  closed: 'Closed',
  reopened: 'Reopened',
  loadOlder: 'Older',
};
const reply = (id: number, authorName: string, authorPhoto: string | null): MessageView => ({
  id,
  conversationId: 'c1',
  sender: 'operator',
  authorName,
  authorPhoto,
  text: `Reply ${id}`,
  createdAt: new Date().toISOString(),
});

function thread(messages: MessageView[]) {
  render(
    <ThreadView messages={messages} viewer="visitor" seenUpTo={0} otherTyping={false} labels={labels} locale="en" />,
  );
}

describe('the operator’s avatar in the widget', () => {
  beforeAll(() => (Element.prototype.scrollTo = () => {}));

  it('shows the photo with the operator’s name as its text, and initials without a photo', () => {
    thread([reply(1, 'Ada Lovelace', '/api/operator-photos/w1/k?v=1'), reply(2, 'Bob Baker', null)]);
    const photo = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(photo).toHaveAttribute('src', '/api/operator-photos/w1/k?v=1');
    const avatars = screen.getAllByTestId('operator-avatar');
    expect(avatars).toHaveLength(2);
    expect(avatars[1]).toHaveTextContent('BB');
  });

  it('falls back to the initials when the photo cannot be loaded', () => {
    thread([reply(1, 'Ada Lovelace', '/api/operator-photos/w1/k?v=1')]);
    fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('operator-avatar')).toHaveTextContent('AL');
  });
});
