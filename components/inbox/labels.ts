// The inbox's texts as plain strings; {placeholders} are filled in the browser, plurals come as one/other.
import type { StreamStatus } from '@/lib/client/event-stream';
import type { Plural } from '@/lib/client/messages';

export type InboxLabels = {
  filters: { label: string; all: string; open: string; closed: string; unread: string };
  list: string;
  empty: string;
  anonymous: string;
  verified: string;
  unread: Plural;
  closedBadge: string;
  select: string;
  details: { title: string; email: string; page: string; locale: string; firstSeen: string; widget: string; none: string };
  thread: string;
  reply: string;
  send: string;
  sending: string;
  you: string;
  seen: string;
  typing: string;
  closed: string;
  reopened: string;
  loadOlder: string;
  close: string;
  reopen: string;
  closedNotice: string;
  presence: { label: string; auto: string; available: string; away: string; saved: string };
  languages: { en: string; de: string };
  status: Record<StreamStatus, string>;
  errors: { general: string; load: string };
};
