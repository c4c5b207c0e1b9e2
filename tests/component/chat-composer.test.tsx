import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Composer } from '@/components/chat/composer';
import type { ChatMessageView } from '@/lib/chat/constants';
import en from '@/messages/en.json';

const { title, lead, room, postingAs, avatarOf, moderation, ...labels } = en.Chat;

const sent: ChatMessageView = {
  id: 7,
  room: 'lobby',
  text: 'Hello',
  createdAt: new Date().toISOString(),
  author: { name: 'Ada', avatarUrl: null, guest: false, host: false },
};

describe('the lobby composer', () => {
  const originalFetch = global.fetch;
  afterEach(() => {
    global.fetch = originalFetch;
  });

  it('sends one key per message: the same on a resend after a lost answer, a new one after the server took it', async () => {
    const bodies: { text: string; requestKey: string }[] = [];
    const answers = [
      () => Promise.reject(new TypeError('network error')),
      () => Promise.resolve(Response.json({ message: sent }, { status: 200 })),
      () => Promise.resolve(Response.json({ message: { ...sent, id: 8 } }, { status: 201 })),
    ];
    global.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return answers[bodies.length - 1]();
    }) as typeof fetch;
    const onSent = jest.fn();
    render(
      <Composer
        base="/api/chat/lobby"
        room="lobby"
        labels={labels}
        viewer={{ kind: 'user', postingAs: 'Ada' }}
        onSent={onSent}
      />,
    );
    const field = screen.getByRole('textbox', { name: labels.message });
    const send = () => fireEvent.click(screen.getByRole('button', { name: labels.send }));

    fireEvent.change(field, { target: { value: 'Hello' } });
    send();
    await screen.findByText(labels.errors.general);
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    fireEvent.change(field, { target: { value: 'Again' } });
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(2));

    expect(bodies.map((body) => body.text)).toEqual(['Hello', 'Hello', 'Again']);
    expect(bodies[0].requestKey).toMatch(/^[\w-]{36}$/);
    expect(bodies[1].requestKey).toBe(bodies[0].requestKey);
    expect(bodies[2].requestKey).not.toBe(bodies[0].requestKey);
  });
});
