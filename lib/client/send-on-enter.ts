import type { KeyboardEvent } from 'react';

/** Enter sends a message, Shift+Enter breaks the line (and an input method's Enter composes). */
export function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>, send: () => void) {
  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
    event.preventDefault();
    send();
  }
}
