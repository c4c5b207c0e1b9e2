// Saved replies through the JSON API (issue 39, point 3), as the tests of replies and the permission matrix use them.
import { GET as list, POST as create } from '@/app/api/workspaces/[wid]/replies/route';
import { DELETE as remove, PATCH as update } from '@/app/api/workspaces/[wid]/replies/[id]/route';
import { apiRequest } from './signed-in';

type Who = { cookie: string } | null;

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });

export const listRepliesOf = (who: Who, wid: string, query = '', headers: Record<string, string> = {}) =>
  list(
    apiRequest(
      'GET',
      `/api/workspaces/${wid}/replies${query ? `?q=${encodeURIComponent(query)}` : ''}`,
      who,
      undefined,
      headers,
    ),
    ctx({ wid }),
  );

export const createReplyIn = (who: Who, wid: string, body: unknown, headers: Record<string, string> = {}) =>
  create(apiRequest('POST', `/api/workspaces/${wid}/replies`, who, body, headers), ctx({ wid }));

export const updateReplyIn = (who: Who, wid: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
  update(apiRequest('PATCH', `/api/workspaces/${wid}/replies/${id}`, who, body, headers), ctx({ wid, id }));

export const deleteReplyIn = (who: Who, wid: string, id: string, headers: Record<string, string> = {}) =>
  remove(apiRequest('DELETE', `/api/workspaces/${wid}/replies/${id}`, who, undefined, headers), ctx({ wid, id }));

/** A saved reply's body with a fresh request key and a title nobody else has. */
export const newReply = (fields: Record<string, unknown> = {}) => ({
  title: `Install ${crypto.randomUUID().slice(0, 8)}`,
  textEn: 'Hi {{visitor.name}}, paste the snippet into your page.',
  textDe: 'Hallo {{visitor.name}}, fügen Sie das Snippet in Ihre Seite ein.',
  requestKey: crypto.randomUUID(),
  ...fields,
});
