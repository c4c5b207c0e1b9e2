// Saved replies' placeholders and limits, shared by the server (validation) and the inbox (filling on insert).
// No dependencies: the browser imports this (zod's construction there breaks the strict CSP).

export const REPLY_TITLE_MAX = 80;
export const REPLY_TEXT_MAX = 5000;
/** The search term of `GET …/replies?q=` at most this long. */
export const REPLY_QUERY_MAX = 100;

/** The placeholders a saved reply's text may hold, filled when an operator inserts it. */
export const PLACEHOLDERS = ['visitor.name', 'visitor.email', 'operator.name', 'widget.name'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export type PlaceholderValues = Record<Placeholder, string | null>;

/** A saved reply as the API and the pages show it. */
export type ReplyView = { id: string; title: string; textEn: string | null; textDe: string | null; updatedAt: string };

/** `{{ name }}`, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

const known = (name: string): name is Placeholder => (PLACEHOLDERS as readonly string[]).includes(name);

/** The placeholders of `text` that do not exist (as written), in order, each once. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map(([written, name]) => (known(name) ? null : written));
  return [...new Set(names.filter((name) => name !== null))];
}

/**
 * `text` with each placeholder replaced by its value. A missing value (a visitor who gave no name) leaves
 * nothing, with the spaces before it, so "Hi {{visitor.name}}, thanks" reads "Hi, thanks"; at the start of a
 * line it takes the comma and spaces after it instead ("{{visitor.name}}, thanks" reads "thanks").
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(
    /([ \t]*)\{\{\s*([^{}]*?)\s*\}\}([,;:]?[ \t]*)/g,
    (match, before: string, name: string, after: string, offset: number) => {
      if (!known(name)) return match;
      const value = values[name]?.trim();
      if (value) return `${before}${value}${after}`;
      const lineStart = offset === 0 || text[offset - 1] === '\n';
      return lineStart ? before : after;
    },
  );
}

/** The text of `reply` for a visitor of `locale`: theirs, else the other language's (a reply has one at least). */
export function replyText(reply: { textEn: string | null; textDe: string | null }, locale: 'en' | 'de'): string {
  return (locale === 'de' ? (reply.textDe ?? reply.textEn) : (reply.textEn ?? reply.textDe)) ?? '';
}

/** Whether `reply` matches what the operator typed: every word in its title or one of its texts, any case. */
export function replyMatches(reply: { title: string; textEn: string | null; textDe: string | null }, query: string) {
  const haystack = [reply.title, reply.textEn ?? '', reply.textDe ?? ''].join('\n').toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}
