// The widget's texts as plain strings (the widget page ships no i18n runtime). Placeholders in braces
// ({count}, {when}, {email}, {name}) are filled in the browser; plural forms come as `one`/`other`.
import type { StreamStatus } from '@/lib/client/event-stream';

export type Plural = { one: string; other: string };

export type WidgetLabels = {
  open: string;
  openUnread: Plural;
  close: string;
  greeting: string;
  available: string;
  away: string;
  backAt: string;
  soon: string;
  hours: string;
  conversations: string;
  newConversation: string;
  back: string;
  closedBadge: string;
  unread: Plural;
  startTitle: string;
  nameLabel: string;
  emailLabel: string;
  emailOptional: string;
  emailPrompt: string;
  emailSave: string;
  emailSaved: string;
  messages: string;
  message: string;
  composer: string;
  send: string;
  sending: string;
  you: string;
  team: string;
  seen: string;
  typing: string;
  closed: string;
  reopened: string;
  closedNotice: string;
  loadOlder: string;
  transcript: string;
  transcriptSend: string;
  transcriptSent: string;
  verifiedAs: string;
  status: Record<StreamStatus, string>;
  errors: { general: string; start: string };
};

/** `template` with each `{name}` replaced. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/** The plural form of `forms` for `count` in `locale`, filled. */
export function plural(forms: Plural, count: number, locale: string, values: Record<string, string | number> = {}): string {
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? forms.one : forms.other;
  return fill(form, { count, ...values });
}
