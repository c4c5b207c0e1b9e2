import 'server-only';
import { chatHub } from './hub';

/** Bytes a stream may hold for a reader that does not keep up before it is closed (it resumes later). */
export const STREAM_BUFFER_LIMIT = 512 * 1024;
const RETRY_MS = 3_000;

const encoder = new TextEncoder();

/**
 * An SSE body for `room` starting after message `after`. It ends when the client goes away (`signal`,
 * or the body is cancelled) and when the client stops reading: once more than STREAM_BUFFER_LIMIT bytes
 * wait for it, the stream closes instead of buffering on, and the browser reconnects with
 * Last-Event-ID to catch up from the database. `onClose` runs exactly once.
 */
export function chatEventStream(room: string, after: number, signal: AbortSignal, onClose: () => void): ReadableStream<Uint8Array> {
  let closed = false;
  let unsubscribe: (() => void) | null = null;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe?.();
    signal.removeEventListener('abort', close);
    try {
      controller.close();
    } catch {
      // Already closed or cancelled.
    }
    onClose();
  };

  const write = (chunk: Uint8Array): boolean => {
    if (closed) return false;
    if ((controller.desiredSize ?? 0) < -STREAM_BUFFER_LIMIT) {
      close();
      return false;
    }
    controller.enqueue(chunk);
    return true;
  };

  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        if (signal.aborted) return close();
        signal.addEventListener('abort', close);
        controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n: connected\n\n`));
        chatHub()
          .subscribe({ room, lastId: after, write })
          .then((stop) => {
            if (closed) stop();
            else unsubscribe = stop;
          })
          .catch((error: Error) => {
            console.error(`chat: cannot subscribe to ${room}: ${error.message}`);
            close();
          });
      },
      cancel: close,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}
