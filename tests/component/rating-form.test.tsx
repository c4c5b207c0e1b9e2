// Issue 39, point 6: the widget's rating form (five steps in words as a radio group, keyboard and screen-reader
// friendly, an optional comment, in the visitor's language) and the visitor's rating in the inbox.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { RatingForm } from '@/components/widget/rating-form';
import { RatingBadge, VisitorRating } from '@/components/inbox/visitor-rating';
import { VisitorThread } from '@/components/widget/visitor-thread';
import type { VisitorSession } from '@/components/widget/visitor-session';
import type { VisitorConversationView } from '@/lib/conversations/constants';

const accent = { background: '#4338ca', text: '#ffffff' };

function form(labels = en.WidgetRating, answer: string | null = null) {
  const send = jest.fn(async () => answer);
  const onDismiss = jest.fn();
  render(<RatingForm id="rating-c1" labels={labels} accent={accent} send={send} onDismiss={onDismiss} />);
  return { send, onDismiss };
}

it('names the question and each step in words, and moves between the steps with the arrow keys', async () => {
  const { send } = form();
  const user = userEvent.setup();
  const group = screen.getByRole('group', { name: 'How was your conversation with us?' });
  const radios = within(group).getAllByRole('radio');
  expect(radios.map((radio) => radio.getAttribute('aria-label') ?? radio.parentElement!.textContent)).toEqual([
    'Very bad',
    'Bad',
    'Okay',
    'Good',
    'Very good',
  ]);
  expect(screen.getByRole('form', { name: 'How was your conversation with us?' })).toBeInTheDocument();

  await user.tab();
  expect(screen.getByRole('radio', { name: 'Very bad' })).toHaveFocus();
  await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
  expect(screen.getByRole('radio', { name: 'Good' })).toBeChecked();
  expect(screen.getByRole('radio', { name: 'Good' })).toHaveFocus();
  await user.keyboard('{ArrowLeft}');
  expect(screen.getByRole('radio', { name: 'Okay' })).toBeChecked();
  await user.keyboard('{ArrowRight}');

  await user.tab();
  expect(screen.getByRole('textbox', { name: 'Comment (optional)' })).toHaveFocus();
  expect(screen.getByRole('textbox', { name: 'Comment (optional)' })).toHaveAttribute('maxlength', '1000');
  await user.keyboard('Friendly and quick.');
  await user.tab();
  expect(screen.getByRole('button', { name: 'Send rating' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(send).toHaveBeenCalledWith(4, 'Friendly and quick.');
});

it('asks for a step before sending, shows a refusal, and lets the visitor dismiss it, in German', async () => {
  const { send, onDismiss } = form(de.WidgetRating, 'Dieses Gespräch wurde bereits bewertet.');
  const user = userEvent.setup();
  expect(screen.getByRole('group', { name: 'Wie war Ihr Gespräch mit uns?' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Bewertung senden' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Bitte wählen Sie eine Bewertung.');
  expect(send).not.toHaveBeenCalled();

  await user.click(screen.getByRole('radio', { name: 'Sehr gut' }));
  await user.click(screen.getByRole('button', { name: 'Bewertung senden' }));
  expect(send).toHaveBeenCalledWith(5, '');
  expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Gespräch wurde bereits bewertet.');

  await user.click(screen.getByRole('button', { name: 'Jetzt nicht' }));
  expect(onDismiss).toHaveBeenCalledTimes(1);
});

it('shows the operator the rating in words with the comment, and the list a badge read out in words', () => {
  render(
    <>
      <RatingBadge rating={{ score: 2, comment: null }} labels={de.Dashboard.inbox.rating} />
      <VisitorRating rating={{ score: 2, comment: 'Zu langsam.' }} labels={de.Dashboard.inbox.rating} />
    </>,
  );
  expect(screen.getByTestId('list-rating')).toHaveTextContent('Bewertet mit Schlecht, 2 von 5');
  const section = screen.getByRole('region', { name: 'Bewertung des Besuchers' });
  expect(section).toHaveTextContent('Schlecht (2 von 5)');
  expect(section).toHaveTextContent('Zu langsam.');
});

describe('in the thread of a conversation', () => {
  const closed: VisitorConversationView = {
    id: 'c1',
    status: 'closed',
    createdAt: '2026-11-27T02:00:00.000Z',
    lastMessageAt: '2026-11-27T02:00:00.000Z',
    lastMessagePreview: 'Hello',
    unread: 0,
    seenUpTo: 0,
    rated: false,
  };

  function thread(conversation = closed, askRating = true) {
    const session = { call: jest.fn(async () => ({ rating: { score: 5, comment: null } })), keep: jest.fn() };
    const onRated = jest.fn();
    render(
      <VisitorThread
        session={session as unknown as VisitorSession}
        conversation={conversation}
        messages={[]}
        teamTyping={false}
        visitor={{ verified: false, name: null, email: null, blocked: false }}
        available
        visible={false}
        labels={en.Widget}
        locale="en"
        accent={accent}
        page={{}}
        loadOlder={async () => 0}
        onSent={() => {}}
        onNewConversation={() => {}}
        askRating={askRating}
        onRated={onRated}
      />,
    );
    return { session, onRated };
  }
  const question = () => screen.queryByRole('group', { name: en.WidgetRating.question });

  it('asks once the conversation is closed, sends the rating and thanks instead of asking again', async () => {
    const { session, onRated } = thread();
    const user = userEvent.setup();
    // The form is a part loaded on demand (components/widget/lazy-part.ts): it comes after a fetch.
    await user.click(await screen.findByRole('radio', { name: 'Very good' }));
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(session.call).toHaveBeenCalledWith('/conversations/c1/rating', {
      method: 'POST',
      body: { score: 5, comment: '' },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your rating!');
    expect(question()).toBeNull();
    expect(onRated).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while it is open, once it is rated, or when the widget does not ask; "Not now" hides it', async () => {
    thread();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Not now' }));
    expect(question()).toBeNull();
    // Loaded now, the part renders at once: what is not asked is not merely still loading.
    cleanup();
    thread();
    expect(question()).not.toBeNull();
    cleanup();
    thread({ ...closed, status: 'open' });
    expect(question()).toBeNull();
    cleanup();
    thread({ ...closed, rated: true });
    expect(question()).toBeNull();
    cleanup();
    thread(closed, false);
    expect(question()).toBeNull();
  });
});
