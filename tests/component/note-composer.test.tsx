// The inbox's "Reply | Note" switch and the note's field with its @ list (issue 39, point 2).
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ComposerSwitch, NoteComposer, type ComposerMode } from '@/components/inbox/note-composer';
import de from '@/messages/de.json';
import en from '@/messages/en.json';

const members = [
  { uid: 'me', name: 'Mia Meier' },
  { uid: 'ada', name: 'Ada Lovelace' },
  { uid: 'adam', name: 'Adam Riese' },
  { uid: 'bob', name: 'Bob Baumann' },
];

function Switch() {
  const [mode, setMode] = useState<ComposerMode>('reply');
  return (
    <>
      <ComposerSwitch id="c" mode={mode} onChange={setMode} labels={de.Dashboard.inbox.composer} />
      <output>{mode}</output>
    </>
  );
}

it('switches between reply and note with radio buttons the keyboard reaches', () => {
  render(<Switch />);
  const group = screen.getByRole('group', { name: 'Schreiben' });
  const reply = screen.getByRole('radio', { name: 'Antwort' });
  const note = screen.getByRole('radio', { name: 'Notiz' });
  expect(group).toContainElement(reply);
  expect(reply).toBeChecked();
  fireEvent.click(note);
  expect(note).toBeChecked();
  expect(screen.getByText('note', { selector: 'output' })).toBeInTheDocument();
});

describe('the note composer', () => {
  function setUp() {
    const sent: string[] = [];
    render(
      <NoteComposer
        id="n"
        members={members}
        me="me"
        labels={en.Dashboard.inbox.composer}
        onSend={async (text) => {
          sent.push(text);
          return true;
        }}
      />,
    );
    const field = screen.getByRole('textbox', { name: /Your note/ }) as HTMLTextAreaElement;
    const type = (value: string) => fireEvent.change(field, { target: { value, selectionStart: value.length } });
    return { sent, field, type };
  }

  it('says only the team sees it, and opens the members (not me) on @, filtered as one types', () => {
    const { field, type } = setUp();
    expect(screen.getByTestId('note-hint')).toHaveTextContent('Only your team sees this');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    type('Please @');
    const list = screen.getByRole('listbox', { name: 'Teammates to mention' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Ada Lovelace',
      'Adam Riese',
      'Bob Baumann',
    ]);
    expect(field).toHaveAttribute('aria-controls', list.id);
    type('Please @ad');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Ada Lovelace', 'Adam Riese']);
    type('Please @zz');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('moves with the arrows and inserts the chosen name with Enter, without sending', async () => {
    const { field, type, sent } = setUp();
    type('Please @ad');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1];
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', second.id);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(field.value).toBe('Please @Adam Riese ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    // Then Enter sends the note, and the field empties.
    await act(async () => fireEvent.keyDown(field, { key: 'Enter' }));
    await waitFor(() => expect(sent).toEqual(['Please @Adam Riese']));
    expect(field.value).toBe('');
  });

  it('closes the list with Escape and picks with the mouse', () => {
    const { field, type } = setUp();
    type('@b');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    type('@bo');
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Bob Baumann' }));
    expect(field.value).toBe('@Bob Baumann ');
  });
});
