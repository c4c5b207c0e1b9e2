/**
 * Keys spread over `count` turns, each new key in the turn with the fewest, so that periodic work done one
 * turn a tick handles about 1/count of the keys at a time (at 5,000 open streams, one refresh of them all
 * held PGlite's one session for 100–500 ms and every message waited behind it).
 */
export class Turns<K> {
  private readonly turnOf = new Map<K, number>();
  private readonly turns: Set<K>[];

  constructor(readonly count: number) {
    this.turns = Array.from({ length: count }, () => new Set<K>());
  }

  get size(): number {
    return this.turnOf.size;
  }

  add(key: K): void {
    if (this.turnOf.has(key)) return;
    let fewest = 0;
    for (let turn = 1; turn < this.count; turn++) if (this.turns[turn].size < this.turns[fewest].size) fewest = turn;
    this.turns[fewest].add(key);
    this.turnOf.set(key, fewest);
  }

  delete(key: K): void {
    const turn = this.turnOf.get(key);
    if (turn === undefined) return;
    this.turns[turn].delete(key);
    this.turnOf.delete(key);
  }

  /** The keys of tick `tick`'s turn: over `count` consecutive ticks, every key once. */
  due(tick: number): K[] {
    return [...this.turns[tick % this.count]];
  }
}
