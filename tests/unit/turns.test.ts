import { Turns } from '@/lib/realtime/turns';

// The presence refresh marks its visitors one turn a tick (lib/conversations/streams.ts): every open stream's
// visitor once a period, about a twentieth of them at a time.
const keys = (count: number, prefix = 'v') => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
const cycle = (turns: Turns<string>, from = 0) => Array.from({ length: turns.count }, (_, i) => turns.due(from + i));

it('gives out each key once over a cycle of ticks, an even share a tick', () => {
  const turns = new Turns<string>(20);
  for (const key of keys(5_000)) turns.add(key);
  const due = cycle(turns, 7);
  expect(due.map((turn) => turn.length)).toEqual(Array(20).fill(250));
  expect(due.flat().sort()).toEqual(keys(5_000).sort());
  expect(cycle(turns, 27)).toEqual(due);
});

it('puts a newcomer in the turn left emptiest by those who went, and forgets who went', () => {
  const turns = new Turns<string>(4);
  for (const key of keys(8)) turns.add(key);
  for (const key of turns.due(2)) turns.delete(key);
  turns.add('late-1');
  turns.add('late-2');
  turns.add('v0');
  expect(turns.size).toBe(8);
  expect(turns.due(2).sort()).toEqual(['late-1', 'late-2']);
  expect(cycle(turns).flat().sort()).toEqual(['late-1', 'late-2', 'v0', 'v1', 'v3', 'v4', 'v5', 'v7'].sort());
});
