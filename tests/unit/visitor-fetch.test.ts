// The widget frame's JSON requests on the browser's fetch (components/widget/visitor-fetch.ts): the API's
// translated refusal reaches the widget, a lost answer is asked once more, nothing waits past the deadline.
import { VISITOR_FETCH_DEADLINE_MS, visitorFetch } from '@/components/widget/visitor-fetch';
import { VisitorSession } from '@/components/widget/visitor-session';
import { visitorStorageKey } from '@/lib/widgets/frame';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = {
  error: { code: 'invalidBody', message: 'Bitte prüfen Sie Ihre Eingaben.', fields: { email: 'Fehlt.' } },
};

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn();
  Object.assign(globalThis, { fetch: fetchMock });
  localStorage.clear();
});

describe('visitorFetch', () => {
  it('sends JSON with the query and headers, and answers the parsed body', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(
      visitorFetch('/api/x', {
        method: 'POST',
        body: { text: 'Hallo' },
        query: { before: 7, none: undefined },
        headers: { authorization: 'Bearer t' },
      }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/x?before=7');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"text":"Hallo"}');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer t' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('gives the widget the API’s translated refusal, its code and fields, without asking again', async () => {
    fetchMock.mockResolvedValue(json(400, refusal));
    const session = new VisitorSession('w_1', 'Fallback');
    await expect(session.call('/visitors', { method: 'PATCH', body: { email: 'x' } })).rejects.toMatchObject({
      message: 'Bitte prüfen Sie Ihre Eingaben.',
      code: 'invalidBody',
      fields: { email: 'Fehlt.' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks once more for a GET whose answer was lost or a 503, then says the translated fallback', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(json(200, { conversations: [] }));
    await expect(visitorFetch('/api/x')).resolves.toEqual({ conversations: [] });
    fetchMock.mockReset().mockResolvedValue(new Response('<html>bad gateway</html>', { status: 503 }));
    const session = new VisitorSession('w_1', 'Der Chat ist gerade nicht erreichbar.');
    await expect(session.call('/conversations')).rejects.toMatchObject({
      message: 'Der Chat ist gerade nicht erreichbar.',
      code: null,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not send a message twice on its own (the POST is not retried)', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(visitorFetch('/api/x', { method: 'POST', body: {} })).rejects.toThrow('offline');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up at the deadline, and does not wait a second time', async () => {
    const timeout = jest.spyOn(AbortSignal, 'timeout');
    fetchMock.mockRejectedValue(new DOMException('The operation timed out.', 'TimeoutError'));
    await expect(visitorFetch('/api/x')).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(timeout).toHaveBeenCalledWith(VISITOR_FETCH_DEADLINE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    timeout.mockRestore();
  });

  it('starts a new visitor when the server no longer knows the stored token', async () => {
    localStorage.setItem(visitorStorageKey('w_1'), JSON.stringify({ token: 'stale', userId: null }));
    fetchMock
      .mockResolvedValueOnce(json(401, { error: { code: 'invalidVisitorToken', message: 'Neu.' } }))
      .mockResolvedValueOnce(json(201, { token: 'fresh', verified: false, name: null, email: null }));
    const session = new VisitorSession('w_1', 'Fallback');
    await expect(session.start(null, 'de')).resolves.toEqual({ verified: false, name: null, email: null });
    expect(session.token).toBe('fresh');
    const headers = fetchMock.mock.calls.map(([, init]) => (init as RequestInit).headers);
    expect(headers[0]).toMatchObject({ authorization: 'Bearer stale' });
    expect(headers[1]).not.toHaveProperty('authorization');
  });
});
