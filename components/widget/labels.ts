// The widget's texts as plain strings (the widget page ships no i18n runtime). Placeholders in braces
// ({count}, {when}, {email}, {name}) are filled in the browser; plural forms come as `one`/`other`.
import type { StreamStatus } from '@/lib/client/event-stream';
import type { Plural } from '@/lib/client/messages';

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
