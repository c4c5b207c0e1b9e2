// The kinds of conversation and message (no dependencies: shared by the schema, the server and the browser).
export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export const MESSAGE_SENDERS = ['visitor', 'operator', 'system'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];
