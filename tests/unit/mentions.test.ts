/** @jest-environment node */
import { mentionAt, mentionCandidates, mentionedMembers } from '@/lib/conversations/mentions';

const members = [
  { uid: 'u-ada', name: 'Ada Lovelace' },
  { uid: 'u-adam', name: 'Adam' },
  { uid: 'u-ad', name: 'Ad' },
  { uid: 'u-jo', name: 'Jörg Müller' },
];

describe('mentions in notes', () => {
  it('finds the members whose names follow an @, in any case, and only whole names', () => {
    expect(mentionedMembers('@Ada Lovelace, please look', members)).toEqual(['u-ada']);
    expect(mentionedMembers('ask @adam and @jörg müller.', members)).toEqual(['u-adam', 'u-jo']);
    // "@Adam" is not "@Ad", an address is no mention, a name alone is none either.
    expect(mentionedMembers('@Adam', members)).toEqual(['u-adam']);
    expect(mentionedMembers('write to ad@example.com or Ada Lovelace', members)).toEqual([]);
    expect(mentionedMembers('@Mallory @u-ada', members)).toEqual([]);
  });

  it('knows the @ word at the caret, and what the list offers for it', () => {
    expect(mentionAt('Hi @Ad', 6)).toEqual({ start: 3, query: 'Ad' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail@x', 6)).toBeNull();
    expect(mentionAt('@Ada Love', 9)).toBeNull();
    expect(mentionCandidates(members, 'ad').map((m) => m.uid)).toEqual(['u-ada', 'u-adam', 'u-ad']);
    expect(mentionCandidates(members, 'MÜL').map((m) => m.uid)).toEqual(['u-jo']);
  });
});
