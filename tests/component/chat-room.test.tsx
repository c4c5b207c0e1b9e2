import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChatRoom } from '@/components/chat/chat-room';
import { CHAT_PAGE_SIZE, type ChatMessageView } from '@/lib/chat/constants';
import en from '@/messages/en.json';

const { title, lead, room, postingAs, avatarOf, moderation, ...labels } = en.Chat;

function message(id: number): ChatMessageView {
  return {
    id,
    room: 'lobby',
    text: `Message ${id}`,
    createdAt: new Date().toISOString(),
    author: { name: 'Ada', avatarUrl: null, guest: true, host: false },
  };
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => message(from + index));

/** One event stream the room opened: the Last-Event-ID it resumed from, and the server's end of it. */
type Stream = {
  lastEventId: string | null;
  send: (...messages: ChatMessageView[]) => void;
  deleted: (eventId: number, id: number) => void;
  drop: () => void;
};

/** The room's server: history pages by `before` ('' for the latest), and the event streams opened. */
function serve(pages: Record<string, ChatMessageView[] | 'fail'>) {
  const streams: Stream[] = [];
  const pageRequests: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (url.pathname === '/api/chat/lobby/messages') {
      const before = url.searchParams.get('before') ?? '';
      pageRequests.push(before);
      const page = pages[before];
      if (!page || page === 'fail')
        return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
      return Response.json({ messages: page });
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const write = (frame: string) => act(() => controller.enqueue(new TextEncoder().encode(frame)));
    init?.signal?.addEventListener('abort', () =>
      controller.error(new DOMException('The stream was stopped', 'AbortError')),
    );
    streams.push({
      lastEventId: new Headers(init?.headers).get('last-event-id'),
      send: (...messages) => void write(messages.map((m) => `id: ${m.id}\ndata: ${JSON.stringify(m)}\n\n`).join('')),
      deleted: (eventId, id) => void write(`event: deleted\nid: ${eventId}\ndata: ${JSON.stringify({ id })}\n\n`),
      drop: () => act(() => controller.close()),
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  return { streams, pageRequests };
}

// The messages' texts in the order shown (a query by role would read the accessibility tree of every message).
const texts = () =>
  [...screen.getByRole('log', { name: labels.messages }).querySelectorAll('article')].map(
    (article) => article.querySelector('p:last-of-type')?.textContent,
  );
const status = (text: string) => screen.findByText(text, { selector: '[role="status"]' }, { timeout: 3_000 });

function renderRoom() {
  render(<ChatRoom room="lobby" locale="en" labels={labels} viewer={{ kind: 'guest' }} />);
  return screen.getByRole('log', { name: labels.messages });
}

describe('ChatRoom', () => {
  const originalFetch = global.fetch;
  const heights = Object.getOwnPropertyDescriptors(HTMLElement.prototype);
  beforeAll(() => {
    // jsdom lays nothing out: each message is 40 px high, the log shows 200 px of them.
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get: function (this: HTMLElement) {
        return this.querySelectorAll('article').length * 40;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 200 });
  });
  afterAll(() => {
    Object.defineProperty(
      HTMLElement.prototype,
      'scrollHeight',
      heights.scrollHeight ?? { configurable: true, value: 0 },
    );
    Object.defineProperty(
      HTMLElement.prototype,
      'clientHeight',
      heights.clientHeight ?? { configurable: true, value: 0 },
    );
  });
  afterEach(() => {
    global.fetch = originalFetch;
  });

  it('resumes from the last message after the stream drops, showing each message once', async () => {
    const server = serve({ '': range(1, 3) });
    renderRoom();
    await status(labels.status.live);
    expect(texts()).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(server.streams[0].lastEventId).toBe('3');

    // The stream repeats what the history page had, then goes on.
    server.streams[0].send(message(3), message(4));
    await screen.findByText('Message 4');
    server.streams[0].drop();
    await status(labels.status.reconnecting);
    await status(labels.status.live);
    expect(server.streams).toHaveLength(2);
    expect(server.streams[1].lastEventId).toBe('4');

    server.streams[1].send(message(4), message(5));
    await screen.findByText('Message 5');
    expect(texts()).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
  });

  it('takes a message support staff deleted out of the list, and never shows it again', async () => {
    const server = serve({ '': range(1, 3) });
    renderRoom();
    await status(labels.status.live);
    server.streams[0].deleted(4, 2);
    await waitFor(() => expect(texts()).toEqual(['Message 1', 'Message 3']));
    // A late copy of it (a POST's answer, another stream) stays out.
    server.streams[0].send(message(2), message(5));
    await screen.findByText('Message 5');
    expect(texts()).toEqual(['Message 1', 'Message 3', 'Message 5']);
  });

  it('pages back through older history, keeping the reader in place, until the beginning', async () => {
    const server = serve({ '': range(101, 100 + CHAT_PAGE_SIZE), '101': range(51, 100), '51': range(31, 50) });
    const log = renderRoom();
    await screen.findByText(`Message ${100 + CHAT_PAGE_SIZE}`);
    expect(log.scrollTop).toBe(CHAT_PAGE_SIZE * 40);

    fireEvent.click(screen.getByText(labels.loadOlder, { selector: 'button' }));
    await screen.findByText('Message 51');
    // Scrolling to the top asks for the next page; what was on screen stays there.
    log.scrollTop = 10;
    fireEvent.scroll(log);
    await screen.findByText('Message 31');
    expect(log.scrollTop).toBe(10 + 20 * 40);
    expect(server.pageRequests).toEqual(['', '101', '51']);
    expect(texts()).toEqual(range(31, 100 + CHAT_PAGE_SIZE).map((m) => m.text));
    expect(screen.getByText(labels.beginning)).toBeInTheDocument();
    expect(screen.queryByText(labels.loadOlder)).not.toBeInTheDocument();
  });

  it('says so when older history cannot be loaded, and keeps the button', async () => {
    serve({ '': range(51, 100), '51': 'fail' });
    renderRoom();
    fireEvent.click(await screen.findByRole('button', { name: labels.loadOlder }));
    expect(await screen.findByRole('alert')).toHaveTextContent(labels.errors.history);
    expect(screen.getByRole('button', { name: labels.loadOlder })).toBeEnabled();
  });

  it('counts what arrives while the reader is scrolled up, marks it, and jumps to the latest', async () => {
    const server = serve({ '': range(1, 10) });
    const log = renderRoom();
    await status(labels.status.live);
    log.scrollTop = 100;
    fireEvent.scroll(log);

    server.streams[0].send(message(11), message(12));
    const jump = await screen.findByRole('button', { name: '2 new messages: jump to the latest' });
    expect(log.scrollTop).toBe(100);
    const marker = screen.getByText(labels.newMessages);
    expect(marker.closest('li')).toHaveAttribute('data-message-id', '11');
    server.streams[0].send(message(13));
    await screen.findByRole('button', { name: '3 new messages: jump to the latest' });

    fireEvent.click(jump);
    expect(log.scrollTop).toBe(13 * 40);
    expect(screen.queryByRole('button', { name: /jump to the latest/ })).not.toBeInTheDocument();
    // Following the conversation again: the next message is read as it comes.
    server.streams[0].send(message(14));
    await screen.findByText('Message 14');
    expect(log.scrollTop).toBe(14 * 40);
    expect(screen.queryByRole('button', { name: /jump to the latest/ })).not.toBeInTheDocument();
  });

  it('counts what arrives while the page is hidden, and clears the count when the reader is back at the bottom', async () => {
    const server = serve({ '': range(1, 3) });
    renderRoom();
    await status(labels.status.live);
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    server.streams[0].send(message(4));
    await screen.findByRole('button', { name: '1 new message: jump to the latest' });
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.queryByRole('button', { name: /jump to the latest/ })).not.toBeInTheDocument();
    expect(screen.getByText(labels.newMessages).closest('li')).toHaveAttribute('data-message-id', '4');
    visibility.mockRestore();
  });
});
