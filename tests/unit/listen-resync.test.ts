/**
 * @jest-environment node
 */
// A notification parsed before the LISTEN's answer resumes the listener still comes after the resync: a hub that
// acts on a notification as the next after the last it heard (a message in the payload) misses nothing sent while
// no connection listened.
import { EventEmitter } from 'node:events';

jest.mock('pg', () => ({
  Client: class extends EventEmitter {
    async connect() {}
    async query(text: string) {
      // The notification arrives in the same read as the LISTEN's answer.
      if (text.startsWith('LISTEN')) this.emit('notification', { channel: 'conversations', payload: 'first' });
    }
    async end() {}
  },
}));

import { listenPostgres } from '@/lib/db/listen';

it('resyncs before it hands over the first notification of a connection, and once', async () => {
  const heard: string[] = [];
  const stop = await listenPostgres('postgres://localhost/none', 'conversations', {
    notify: (payload) => heard.push(`notify ${payload}`),
    resync: () => heard.push('resync'),
  });
  expect(heard).toEqual(['resync', 'notify first']);
  await stop();
});
