/**
 * @jest-environment node
 */
// The presence refresh marks the visitors with an open stream in statements of REFRESH_CHUNK ids, each of
// the same length (one statement text, one kept plan), so that no statement holds PGlite's one session long.
jest.mock('@/lib/db', () => ({ database: async () => ({}), onDatabaseClose: () => {} }));

import { fullChunks, REFRESH_CHUNK } from '@/lib/conversations/streams';

const ids = (count: number) => Array.from({ length: count }, (_, i) => `visitor-${i}`);

it('cuts 5,000 visitors into full chunks that cover each of them', () => {
  const chunks = fullChunks(ids(5_000), REFRESH_CHUNK);
  expect(chunks).toHaveLength(Math.ceil(5_000 / REFRESH_CHUNK));
  expect(REFRESH_CHUNK).toBeLessThanOrEqual(100);
  expect(new Set(chunks.flat())).toEqual(new Set(ids(5_000)));
});

it('fills the last chunk up with its own first id, so that every statement has the same length', () => {
  const chunks = fullChunks(ids(250), 100);
  expect(chunks.map((chunk) => chunk.length)).toEqual([100, 100, 100]);
  expect(chunks[2]).toEqual([...ids(250).slice(200), ...Array(50).fill('visitor-200')]);
});

it('leaves a list that fits one statement as it is, and makes none for nobody', () => {
  expect(fullChunks(ids(3), 100)).toEqual([ids(3)]);
  expect(fullChunks([], 100)).toEqual([]);
});
