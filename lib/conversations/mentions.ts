// @mentions in notes, shared by the server (which resolves them) and the note composer (which offers them).

export type Mentionable = { uid: string; name: string };

const WORD = /[\p{L}\p{N}_]/u;
const isWordAt = (text: string, index: number) => index >= 0 && index < text.length && WORD.test(text[index]!);

/**
 * The members `text` mentions, by uid: `@` and a member's name as the composer inserts it (any case), neither
 * preceded nor followed by a letter or digit (so "ada@example.com" or "@Adam" is not "@Ada"). Only `members`
 * can be found, so an id of a stranger never comes out of a note.
 */
export function mentionedMembers(text: string, members: Mentionable[]): string[] {
  const haystack = text.toLocaleLowerCase();
  return members
    .filter(({ name }) => {
      const needle = `@${name.toLocaleLowerCase()}`;
      if (needle.length < 2) return false;
      for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1))
        if (!isWordAt(haystack, at - 1) && !isWordAt(haystack, at + needle.length)) return true;
      return false;
    })
    .map(({ uid }) => uid);
}

/** The `@` word at the caret (its start, what follows the `@`), or null: what the composer's list filters by. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|[^\p{L}\p{N}_])@([^\s@]{0,40})$/u.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** The members whose name contains `query` (any case), by name, at most `limit`. */
export function mentionCandidates<T extends Mentionable>(members: T[], query: string, limit = 8): T[] {
  const wanted = query.toLocaleLowerCase();
  return members.filter(({ name }) => name.toLocaleLowerCase().includes(wanted)).slice(0, limit);
}
