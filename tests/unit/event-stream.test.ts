import { openEventStream, type StreamEvent } from '@/lib/client/event-stream';

/** Each connection the client opens: its Last-Event-ID, and the server's end of it. */
function serve() {
  const connections: { lastEventId: string | null; write: (text: string) => void; end: () => void }[] = [];
  global.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    connections.push({
      lastEventId: new Headers(init?.headers).get('last-event-id'),
      write: (text) => controller.enqueue(new TextEncoder().encode(text)),
      end: () => controller.close(),
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  return connections;
}

describe('openEventStream', () => {
  const originalFetch = global.fetch;
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    global.fetch = originalFetch;
  });

  it('reconnects after the time the server’s last `retry` set (a draining server spreads its clients so)', async () => {
    const connections = serve();
    const events: StreamEvent[] = [];
    const stop = openEventStream('/api/chat/lobby/events', { onEvent: (event) => events.push(event) });
    await jest.advanceTimersByTimeAsync(0);
    expect(connections).toHaveLength(1);

    connections[0].write('retry: 1000\n: connected\n\nid: 7\ndata: {"text":"hi"}\n\n');
    connections[0].write('retry: 2600\n\n');
    connections[0].end();
    await jest.advanceTimersByTimeAsync(2_599);
    expect(connections).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(connections).toHaveLength(2);
    expect(connections[1].lastEventId).toBe('7');
    expect(events.map((event) => event.data)).toEqual(['{"text":"hi"}']);
    stop();
  });
});
