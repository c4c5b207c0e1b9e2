// A workspace member's calls on a visitor: block and unblock, erase, export (issue 39, point 8).
import { DELETE as erase } from '@/app/api/workspaces/[wid]/visitors/[vid]/route';
import { DELETE as unblock, POST as block } from '@/app/api/workspaces/[wid]/visitors/[vid]/block/route';
import { GET as exportData } from '@/app/api/workspaces/[wid]/visitors/[vid]/export/route';
import { apiRequest } from './signed-in';

type Who = { cookie: string };
const ctx = (wid: string, vid: string) => ({ params: Promise.resolve({ wid, vid }) });
const path = (wid: string, vid: string) => `/api/workspaces/${wid}/visitors/${vid}`;

export const blockVisitor = (who: Who, wid: string, vid: string) =>
  block(apiRequest('POST', `${path(wid, vid)}/block`, who), ctx(wid, vid));
export const unblockVisitor = (who: Who, wid: string, vid: string) =>
  unblock(apiRequest('DELETE', `${path(wid, vid)}/block`, who), ctx(wid, vid));
export const eraseVisitor = (who: Who, wid: string, vid: string) =>
  erase(apiRequest('DELETE', path(wid, vid), who), ctx(wid, vid));
export const exportVisitor = (who: Who, wid: string, vid: string) =>
  exportData(apiRequest('GET', `${path(wid, vid)}/export`, who), ctx(wid, vid));
