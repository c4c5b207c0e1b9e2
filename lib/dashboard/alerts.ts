import type { AlertScope } from '@/lib/db/schema/accounts';

/**
 * Where the operator is when a message arrives: whether the tab is hidden, and which thread is open in it; who
 * they are and which conversations they want alerts for.
 */
export type AlertContext = {
  hidden: boolean;
  openConversation: string | null;
  sound: boolean;
  uid: string;
  scope: AlertScope;
};

/**
 * What a message does in the dashboard: play the sound, count in the title, show a desktop notification (which
 * names the author of a note that mentions the operator).
 */
export type Alert = { sound: boolean; count: boolean; notify: boolean; mention: boolean };

/** Whether a conversation assigned to `assigneeUid` (null: nobody) alerts operator `uid` with `scope`. */
export function inScope(scope: AlertScope, uid: string, assigneeUid: string | null): boolean {
  if (scope === 'all' || assigneeUid === uid) return true;
  return scope === 'mineAndUnassigned' && assigneeUid === null;
}

/**
 * The one rule for alerts in the dashboard: a visitor's message in a conversation of the operator's scope
 * (by its assignee; the e-mail alerts' awayOperatorsToAlert applies the same rule in SQL), or a note that mentions
 * the operator, whatever their scope (`mention`). The sound plays unless the operator is looking at that very
 * thread; the title counts and the desktop shows what arrives while the tab is hidden.
 */
export function alertFor(
  message: { sender: string; conversationId: string; assigneeUid: string | null; mentions?: string[] },
  context: AlertContext,
): Alert | null {
  const mention = message.sender === 'note' && !!message.mentions?.includes(context.uid);
  if (!mention && (message.sender !== 'visitor' || !inScope(context.scope, context.uid, message.assigneeUid)))
    return null;
  const watching = !context.hidden && context.openConversation === message.conversationId;
  return { sound: context.sound && !watching, count: context.hidden, notify: context.hidden, mention };
}

/** The tab's title with `count` unseen alerts in front ("(3) Inbox"), or without any. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}
