/** Where the operator is when a message arrives: whether the tab is hidden, and which thread is open in it. */
export type AlertContext = { hidden: boolean; openConversation: string | null; sound: boolean };

/** What a message does in the dashboard: play the sound, count in the title, show a desktop notification. */
export type Alert = { sound: boolean; count: boolean; notify: boolean };

/**
 * The one rule for alerts in the dashboard. The stream carries the conversations of the operator's widgets
 * only, so today every visitor message alerts; assignment adds its filter here ("mine", "mine and
 * unassigned") from the conversation's assignee. The sound plays unless the operator is looking at that very
 * thread; the title counts and the desktop shows what arrives while the tab is hidden.
 */
export function alertFor(message: { sender: string; conversationId: string }, context: AlertContext): Alert | null {
  if (message.sender !== 'visitor') return null;
  const watching = !context.hidden && context.openConversation === message.conversationId;
  return { sound: context.sound && !watching, count: context.hidden, notify: context.hidden };
}

/** The tab's title with `count` unseen alerts in front ("(3) Inbox"), or without any. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}
