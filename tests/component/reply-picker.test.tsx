// The saved replies' picker in the inbox's composer (issue 39, point 3), by keyboard: `/` at the start or after a
// space opens the list of the workspace's replies, typing filters it, arrows choose (aria-activedescendant),
// Enter inserts the visitor's language with placeholders filled instead of sending, Escape closes.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from '@/components/conversations/composer';
import { useReplyPicker } from '@/components/inbox/reply-picker';
import type { ReplyView } from '@/lib/replies/placeholders';
import en from '@/messages/en.json';

const labels = en.Dashboard.inbox.picker;
const replies: ReplyView[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Install the widget',
    textEn: 'Hi {{visitor.name}}, paste the snippet. {{operator.name}}',
    textDe: 'Hallo {{visitor.name}}, fügen Sie das Snippet ein. {{operator.name}}',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    title: 'Opening hours',
    textEn: 'We answer Monday to Friday.',
    textDe: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];

function Harness({ onSend, locale = 'de' }: { onSend: (text: string) => Promise<boolean>; locale?: 'en' | 'de' }) {
  const picker = useReplyPicker({
    id: 'reply-c1',
    api: '/api/workspaces/w1/replies',
    locale,
    values: { 'visitor.name': 'Jana', 'visitor.email': null, 'operator.name': 'Grace', 'widget.name': 'Shop' },
    labels,
  });
  return (
    <Composer
      id="reply-c1"
      labels={{ form: 'Answer', message: 'Your answer', send: 'Send', sending: 'Sending' }}
      onSend={onSend}
      assist={picker}
    />
  );
}

describe('the saved replies picker', () => {
  const originalFetch = global.fetch;
  let requests: string[];
  beforeEach(() => {
    requests = [];
    global.fetch = jest.fn(async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return Response.json({ replies });
    }) as typeof fetch;
  });
  afterEach(() => {
    global.fetch = originalFetch;
  });

  it('opens on `/`, filters, chooses with the arrows and inserts the visitor’s language with Enter', async () => {
    const onSend = jest.fn(async () => true);
    const user = userEvent.setup();
    render(<Harness onSend={onSend} />);
    const field = screen.getByRole('textbox', { name: 'Your answer' });
    expect(field).toHaveAttribute('aria-autocomplete', 'list');
    expect(field).not.toHaveAttribute('aria-controls');

    await user.type(field, 'Danke! /');
    const list = await screen.findByRole('listbox', { name: labels.label });
    expect(requests).toEqual(['/api/workspaces/w1/replies']);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Install the widget'),
      expect.stringContaining('Opening hours'),
    ]);
    expect(field).toHaveAttribute('aria-controls', list.id);
    expect(field).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('2 saved replies.');

    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', options[1].id);
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveAttribute('aria-activedescendant', options[1].id);

    // Typing after the slash filters by title and text: "snippet" is only in the first reply's text.
    await user.type(field, 'snip');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(field).toHaveAttribute('aria-activedescendant', screen.getByRole('option').id);
    await user.keyboard('{Enter}');

    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-activedescendant');
    const inserted = 'Danke! Hallo Jana, fügen Sie das Snippet ein. Grace';
    expect(field).toHaveValue(inserted);
    expect((field as HTMLTextAreaElement).selectionStart).toBe(inserted.length);

    // The operator edits, then Enter sends as always.
    await user.type(field, ' :)');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith(`${inserted} :)`));
  });

  it('falls back to the other language; Escape or leaving the field closes the list until another `/`', async () => {
    const onSend = jest.fn(async () => true);
    const user = userEvent.setup();
    render(<Harness onSend={onSend} />);
    const field = screen.getByRole('textbox', { name: 'Your answer' });

    await user.type(field, '/hours');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(field, ' more');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();

    // Leaving the field closes the list as well.
    await user.type(field, ' /we');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    fireEvent.blur(field);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(field, ' /open');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.keyboard('{Enter}');
    // The reply has no German text: the English one is inserted in place of "/open".
    expect(field).toHaveValue('/hours more /we We answer Monday to Friday.');
  });

  it('opens only for a slash at the start or after a space, and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness onSend={async () => true} locale="en" />);
    const field = screen.getByRole('textbox', { name: 'Your answer' });
    await user.type(field, 'and/or https://example.com/');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(requests).toEqual([]);

    fireEvent.change(field, { target: { value: 'x /nothing-like-this' } });
    expect(await screen.findByText(labels.empty)).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-activedescendant');
  });
});
