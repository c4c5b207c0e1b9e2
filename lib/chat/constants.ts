// Chat limits shared by the server and the browser (no dependencies: the chat page's bundle stays small).

export const LOBBY = 'lobby';
/** Messages a new subscriber (no Last-Event-ID) and a history page receive. */
export const CHAT_PAGE_SIZE = 50;
export const CHAT_TEXT_MAX = 2000;
export const CHAT_NAME_MAX = 40;
/** Largest request body of POST /api/chat/:room/messages. */
export const CHAT_BODY_LIMIT = 16 * 1024;

/** A message as clients see it. */
export type ChatMessageView = {
  id: number;
  room: string;
  text: string;
  createdAt: string;
  author: { name: string; avatarUrl: string | null; guest: boolean; host: boolean };
};

/** A mute as support staff see it: `messageIds` are the author's latest messages in the room. */
export type ChatMuteView = {
  id: string;
  name: string;
  guest: boolean;
  mutedAt: string;
  until: string | null;
  messageIds: number[];
};

/** The durations staff may choose for a mute, in minutes (none: until lifted). */
export const MUTE_DURATIONS = [60, 24 * 60, 7 * 24 * 60] as const;
