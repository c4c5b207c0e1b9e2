/** @jest-environment node */
import { alertFor, titleWithCount, type AlertContext } from '@/lib/dashboard/alerts';

const message = { sender: 'visitor', conversationId: 'c1', assigneeUid: null };
const me = { uid: 'me', scope: 'mineAndUnassigned' } as const;

describe('the dashboard’s alert rule', () => {
  it('plays the sound on another page and on another thread, even with the tab in front', () => {
    expect(alertFor(message, { hidden: false, openConversation: null, sound: true, ...me })).toEqual({
      sound: true,
      count: false,
      notify: false,
      mention: false,
    });
    expect(alertFor(message, { hidden: false, openConversation: 'c2', sound: true, ...me })?.sound).toBe(true);
  });

  it('stays quiet for the thread the operator is looking at, and when the sound is off', () => {
    expect(alertFor(message, { hidden: false, openConversation: 'c1', sound: true, ...me })?.sound).toBe(false);
    expect(alertFor(message, { hidden: true, openConversation: null, sound: false, ...me })?.sound).toBe(false);
  });

  it('counts and notifies while the tab is hidden, even with that thread open behind it', () => {
    expect(alertFor(message, { hidden: true, openConversation: 'c1', sound: true, ...me })).toEqual({
      sound: true,
      count: true,
      notify: true,
      mention: false,
    });
  });

  it('ignores the operators’ own messages and the system’s', () => {
    for (const sender of ['operator', 'system', 'note'])
      expect(alertFor({ ...message, sender }, { hidden: true, openConversation: null, sound: true, ...me })).toBeNull();
  });

  it('alerts by the operator’s scope: their conversations, the unassigned ones, or all of the workspace', () => {
    const context = { hidden: true, openConversation: null, sound: true, uid: 'me' };
    const alerts = (scope: AlertContext['scope']) =>
      [null, 'me', 'ada'].map((assigneeUid) => alertFor({ ...message, assigneeUid }, { ...context, scope }) !== null);
    expect(alerts('mineAndUnassigned')).toEqual([true, true, false]);
    expect(alerts('mine')).toEqual([false, true, false]);
    expect(alerts('all')).toEqual([true, true, true]);
  });

  it('alerts a member a note mentions, whatever their scope, and nobody else of the note', () => {
    const note = { sender: 'note', conversationId: 'c1', assigneeUid: 'ada', mentions: ['me'] };
    const context = { hidden: true, openConversation: null, sound: true, uid: 'me', scope: 'mine' } as const;
    expect(alertFor(note, context)).toEqual({ sound: true, count: true, notify: true, mention: true });
    expect(alertFor(note, { ...context, hidden: false, openConversation: 'c1' })?.sound).toBe(false);
    expect(alertFor({ ...note, mentions: ['ada'] }, { ...context, scope: 'all' })).toBeNull();
    expect(alertFor({ ...note, mentions: undefined }, { ...context, scope: 'all' })).toBeNull();
    // A visitor's message never counts as a mention, even if something put one on it.
    expect(alertFor({ ...note, sender: 'visitor' }, context)).toBeNull();
  });

  it('puts the count in front of the title once, and takes it away', () => {
    expect(titleWithCount('Inbox – Plauder', 3)).toBe('(3) Inbox – Plauder');
    expect(titleWithCount('(3) Inbox – Plauder', 4)).toBe('(4) Inbox – Plauder');
    expect(titleWithCount('(4) Inbox – Plauder', 0)).toBe('Inbox – Plauder');
  });
});
