'use client';

/** A frame of a server-sent event stream: its id (when it has one), event name and data. */
export type StreamEvent = { id: string | null; event: string; data: string };
/** A block of the stream: its event (null when it carries no data) and the reconnection time it sets, if any. */
type Block = { event: StreamEvent | null; retry: number | null };
export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

type Options = {
  /** Request headers (e.g. the visitor's token), read anew for each connection. */
  headers?: () => Record<string, string>;
  /** Where to resume from on the first connection (the cursor of the list just read). */
  lastEventId?: string | null;
  onEvent: (event: StreamEvent) => void;
  onStatus?: (status: StreamStatus) => void;
  /** The server refused the credentials (401): the stream stops; the caller starts over. */
  onUnauthorized?: () => void;
};

const MAX_RETRY_MS = 15_000;

/** Splits a text/event-stream body into events the way EventSource does. */
function parseBlock(block: string): Block {
  const event: StreamEvent = { id: null, event: 'message', data: '' };
  const data: string[] = [];
  let retry: number | null = null;
  for (const line of block.split(/\r\n|\n|\r/)) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d{1,7}$/.test(value)) retry = Number(value);
  }
  if (data.length === 0) return { event: null, retry };
  event.data = data.join('\n');
  return { event, retry };
}

/**
 * An event stream read with fetch, so that it can carry headers (EventSource cannot send a bearer
 * token): it resumes with Last-Event-ID after every break, after the time the server's `retry` set (a
 * draining server spreads its clients' reconnects so), backs off while refused, waits for the network to
 * return, and stops on 401. Answers its stop function.
 */
export function openEventStream(url: string, options: Options): () => void {
  let lastId = options.lastEventId ?? null;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = 1_000;
  let stopped = false;

  const retry = () => {
    if (stopped) return;
    options.onStatus?.(navigator.onLine ? 'reconnecting' : 'offline');
    clearTimeout(timer);
    timer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  async function connect() {
    if (stopped) return;
    controller?.abort();
    const current = (controller = new AbortController());
    try {
      const response = await fetch(url, {
        headers: { accept: 'text/event-stream', ...options.headers?.(), ...(lastId && { 'last-event-id': lastId }) },
        cache: 'no-store',
        signal: current.signal,
      });
      if (response.status === 401) {
        stopped = true;
        options.onUnauthorized?.();
        return;
      }
      if (!response.ok || !response.body) return retry();
      retryMs = 1_000;
      options.onStatus?.('live');
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.search(/\r\n\r\n|\n\n|\r\r/)) >= 0) {
          const { event, retry } = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 4 : 2));
          if (retry !== null) retryMs = Math.min(retry, MAX_RETRY_MS);
          if (!event) continue;
          if (event.id !== null) lastId = event.id;
          options.onEvent(event);
        }
      }
      retry();
    } catch {
      if (!current.signal.aborted) retry();
    }
  }

  const offline = () => {
    controller?.abort();
    clearTimeout(timer);
    options.onStatus?.('offline');
  };
  const online = () => {
    retryMs = 1_000;
    options.onStatus?.('reconnecting');
    void connect();
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  options.onStatus?.('connecting');
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}
