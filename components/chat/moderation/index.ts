// Support staff's controls in a chat room, loaded only for staff (the room imports this module on demand).
export { MessageModeration } from './message-moderation';
export { MutedAuthors } from './muted-authors';
