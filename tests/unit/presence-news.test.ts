import { presenceNews } from '@/lib/conversations/presence';
import type { PresenceView } from '@/lib/conversations/constants';

// The refresh reads each widget's presence every 20 s; its visitors' streams are written only when that is news.
const MARGIN = 40_000;
const online = (availableForMs: number | null): PresenceView => ({ available: true, availableForMs, nextOpenAt: null });
const away = (nextOpenAt: string | null = null): PresenceView => ({
  available: false,
  availableForMs: null,
  nextOpenAt,
});

it('sends the first presence, and any change of what the visitor sees', () => {
  expect(presenceNews(undefined, online(90_000), 0, MARGIN)).toBe(true);
  expect(presenceNews({ view: online(90_000), at: 0 }, away(), 1_000, MARGIN)).toBe(true);
  expect(presenceNews({ view: away(), at: 0 }, away('2026-11-27T08:00:00.000Z'), 1_000, MARGIN)).toBe(true);
  expect(presenceNews({ view: online(90_000), at: 0 }, online(null), 1_000, MARGIN)).toBe(true);
  expect(presenceNews({ view: online(null), at: 0 }, online(90_000), 1_000, MARGIN)).toBe(true);
});

it('sends the same presence again only before what the visitor holds would age out', () => {
  const sent = { view: online(90_000), at: 0 };
  expect(presenceNews(sent, online(85_000), 20_000, MARGIN)).toBe(false);
  expect(presenceNews(sent, online(85_000), 40_000, MARGIN)).toBe(false);
  expect(presenceNews(sent, online(85_000), 60_000, MARGIN)).toBe(true);
  expect(presenceNews({ view: online(null), at: 0 }, online(null), 3_600_000, MARGIN)).toBe(false);
  expect(presenceNews({ view: away(), at: 0 }, away(), 3_600_000, MARGIN)).toBe(false);
});
