// Issue 39, point 6: the widget's rating form (five steps in words as a radio group, keyboard and screen-reader
// friendly, an optional comment, in the visitor's language) and the visitor's rating in the inbox.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { RatingForm } from '@/components/widget/rating-form';
import { RatingBadge, VisitorRating } from '@/components/inbox/visitor-rating';

const accent = { background: '#4338ca', text: '#ffffff' };

function form(labels = en.Widget.rating, answer: string | null = null) {
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
  const { send, onDismiss } = form(de.Widget.rating, 'Dieses Gespräch wurde bereits bewertet.');
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
