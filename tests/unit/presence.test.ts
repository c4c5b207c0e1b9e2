/** @jest-environment node */
import { presenceOf, scheduleAt } from '@/lib/conversations/presence';

const hours = {
  timeZone: 'Europe/Berlin',
  days: { mon: { from: '09:00', to: '17:00' }, fri: { from: '10:30', to: '12:00' } },
};

describe('business hours', () => {
  it('is open inside a day’s hours in the schedule’s time zone', () => {
    // Monday 2026-11-23, 08:30 UTC = 09:30 in Berlin (CET, UTC+1).
    expect(scheduleAt(hours, Date.parse('2026-11-23T08:30:00Z'))).toEqual({ openNow: true, nextOpenAt: null });
  });

  it('names the next opening, also across days and a change of summer time', () => {
    // Monday 17:00 Berlin: closed; next Friday 10:30 CET.
    expect(scheduleAt(hours, Date.parse('2026-11-23T16:00:00Z'))).toEqual({
      openNow: false,
      nextOpenAt: Date.parse('2026-11-27T09:30:00Z'),
    });
    // Saturday 2026-03-28 (CET): next Monday 2026-03-30 09:00 CEST = 07:00 UTC.
    expect(scheduleAt(hours, Date.parse('2026-03-28T12:00:00Z'))).toEqual({
      openNow: false,
      nextOpenAt: Date.parse('2026-03-30T07:00:00Z'),
    });
    // Monday before opening: today 09:00.
    expect(scheduleAt(hours, Date.parse('2026-11-23T05:00:00Z')).nextOpenAt).toBe(Date.parse('2026-11-23T08:00:00Z'));
  });

  it('knows nothing without a schedule', () => {
    expect(scheduleAt(null, Date.now())).toEqual({ openNow: null, nextOpenAt: null });
    expect(scheduleAt({ timeZone: 'UTC', days: {} }, Date.now())).toEqual({ openNow: null, nextOpenAt: null });
  });
});

describe('presence', () => {
  const now = Date.parse('2026-11-23T16:00:00Z'); // Monday 17:00 in Berlin: just closed.
  const open = Date.parse('2026-11-23T10:00:00Z'); // Monday 11:00 in Berlin.
  const someone = { available: true, forMs: 40_000 };
  const nobody = { available: false, forMs: null };

  it('is available while an operator is, within the business hours (auto)', () => {
    expect(presenceOf({ presence: 'auto', operators: someone, businessHours: hours }, open)).toEqual({
      available: true,
      availableForMs: 40_000,
      nextOpenAt: null,
    });
    expect(presenceOf({ presence: 'auto', operators: someone, businessHours: null }, now).available).toBe(true);
    // Within the hours but nobody there: away, without a time to be back.
    expect(presenceOf({ presence: 'auto', operators: nobody, businessHours: hours }, open)).toEqual({
      available: false,
      availableForMs: null,
      nextOpenAt: null,
    });
  });

  it('is away outside the business hours even with an operator there (auto)', () => {
    expect(presenceOf({ presence: 'auto', operators: someone, businessHours: hours }, now)).toEqual({
      available: false,
      availableForMs: null,
      nextOpenAt: '2026-11-27T09:30:00.000Z',
    });
  });

  it("follows the widget's switch: available without anyone there, away with operators available", () => {
    expect(presenceOf({ presence: 'available', operators: nobody, businessHours: null }, now)).toEqual({
      available: true,
      availableForMs: null,
      nextOpenAt: null,
    });
    expect(presenceOf({ presence: 'away', operators: someone, businessHours: null }, now)).toEqual({
      available: false,
      availableForMs: null,
      nextOpenAt: null,
    });
  });
});
