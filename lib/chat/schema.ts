import { z } from 'zod';
import { plainText, singleLineText } from '@/lib/api/schemas';

export const LOBBY = 'lobby';
/** Messages a new subscriber (no Last-Event-ID) and a history page receive. */
export const CHAT_PAGE_SIZE = 50;
export const CHAT_TEXT_MAX = 2000;
export const CHAT_NAME_MAX = 40;
/** Largest request body of POST /api/chat/:room/messages. */
export const CHAT_BODY_LIMIT = 16 * 1024;

/** A room in a URL: the lobby or a widget's id. */
export const roomIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const postMessageSchema = z.object({
  text: plainText(1, CHAT_TEXT_MAX),
  /** A guest's name; ignored for a signed-in user. */
  name: singleLineText(1, CHAT_NAME_MAX).optional(),
});

export type PostMessageInput = z.infer<typeof postMessageSchema>;

/** `before` for older messages (history on scroll); anything malformed means "the latest". */
export const historyQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

/** A Last-Event-ID worth resuming from: a positive integer; anything else is ignored. */
export function parseEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 ? id : null;
}

/** A message as clients see it. */
export type ChatMessageView = {
  id: number;
  room: string;
  text: string;
  createdAt: string;
  author: { name: string; avatarUrl: string | null; guest: boolean; host: boolean };
};
