// Reads a text/event-stream body the way EventSource does (fields per line, events end at a blank line).

export type SseEvent = { id: string | null; event: string; data: string };

export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  const comments: string[] = [];
  /** The reconnection times (`retry` fields) the server sent, in order. */
  const retries: number[] = [];
  let buffer = '';
  let done = false;
  // One read at a time: a read that loses a race against a timeout is kept for the next wait.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  function parse() {
    for (;;) {
      const end = buffer.search(/\r\n\r\n|\n\n|\r\r/);
      if (end < 0) return;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 4 : 2));
      const event: SseEvent = { id: null, event: 'message', data: '' };
      const data: string[] = [];
      let hasData = false;
      for (const line of block.split(/\r\n|\n|\r/)) {
        if (line.startsWith(':')) {
          comments.push(line.slice(1).trim());
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') event.id = value;
        else if (field === 'event') event.event = value;
        else if (field === 'data') {
          data.push(value);
          hasData = true;
        } else if (field === 'retry' && /^\d+$/.test(value)) retries.push(Number(value));
      }
      event.data = data.join('\n');
      if (hasData) events.push(event);
    }
  }

  async function pump(until: () => boolean, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!until()) {
      if (done) throw new Error(`stream ended after ${events.length} events`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out after ${events.length} events`);
      let timer: NodeJS.Timeout | undefined;
      // A stream cut off (the server went away) ends like one the server closed, as for EventSource.
      pending ??= reader.read().catch((): ReadableStreamReadResult<Uint8Array> => ({ done: true, value: undefined }));
      const chunk = await Promise.race([
        pending,
        new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left))),
      ]).finally(() => clearTimeout(timer));
      if (chunk === 'timeout') continue;
      pending = null;
      if (chunk.done) done = true;
      else {
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
    }
  }

  return {
    events,
    comments,
    retries,
    /** Waits until `count` events have arrived in all; returns them. */
    async take(count: number, timeoutMs = 5_000) {
      await pump(() => events.length >= count, timeoutMs);
      return events.slice(0, count);
    },
    /** Waits until a comment matching `text` arrived. */
    async comment(text: string, timeoutMs = 5_000) {
      await pump(() => comments.includes(text), timeoutMs);
    },
    /** Reads until the server ends the stream; false when it is still open after `timeoutMs`. */
    async ended(timeoutMs = 5_000) {
      try {
        await pump(() => done, timeoutMs);
        return true;
      } catch {
        return done;
      }
    },
    /** Events that arrive within `ms` (to show that nothing more comes). */
    async settle(ms: number) {
      await pump(() => false, ms).catch(() => {});
      return events;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

/** Polls `read` until it returns `expected` (like Playwright's expect.poll); throws with the last value. */
export async function until<T>(read: () => T | Promise<T>, expected: T, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  do {
    last = await read();
    if (Object.is(last, expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  } while (Date.now() < deadline);
  throw new Error(`expected ${String(expected)}, still ${String(last)} after ${timeoutMs} ms`);
}
