import 'server-only';
import type { z } from 'zod';
import type { SignedInUser } from '@/lib/session/server';
import type { MessageView } from '../constants';
import { mailMentionsLater } from '../mention-mail';
import { mentionedMembers } from '../mentions';
import { teammates } from '../operators';
import type { postNoteSchema } from '../schema';
import { messageView } from '../views';
import { appendToWritable, workspaceConversation } from './inbox';

/**
 * A member's private note in a thread (any role that answers; closed conversations too): shown to the members
 * only, live in every inbox of the workspace. The members it mentions are found in its text among the
 * workspace's members (never the author) and alerted: in their dashboard, or by e-mail when none is open.
 */
export async function writeNote(
  operator: SignedInUser,
  workspaceId: string,
  conversationId: string,
  input: z.infer<typeof postNoteSchema>,
): Promise<{ note: MessageView; created: boolean }> {
  const { conversation } = await workspaceConversation(operator, workspaceId, conversationId, 'inbox.answer');
  const members = await teammates(workspaceId);
  const name = members.find((member) => member.uid === operator.uid)?.name ?? operator.uid;
  const mentions = mentionedMembers(input.text, members).filter((uid) => uid !== operator.uid);
  const { message, created } = await appendToWritable({
    conversation,
    workspaceId,
    sender: 'note',
    author: { uid: operator.uid, name },
    body: input.text,
    requestKey: input.requestKey,
    mentions,
  });
  if (created && message.mentions.length > 0) mailMentionsLater(message.id);
  return { note: messageView(message), created };
}
