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
  const now = Date.parse('2026-11-23T16:00:00Z');
  it('is available for a minute after an operator had the inbox open (auto)', () => {
    expect(presenceOf({ presence: 'auto', operatorSeenAt: new Date(now - 20_000), businessHours: hours }, now)).toEqual(
      { available: true, availableForMs: 40_000, nextOpenAt: null },
    );
    expect(presenceOf({ presence: 'auto', operatorSeenAt: new Date(now - 61_000), businessHours: hours }, now)).toEqual(
      {
        available: false,
        availableForMs: null,
        nextOpenAt: '2026-11-27T09:30:00.000Z',
      },
    );
  });

  it('follows the switch: available without anyone there, away with the inbox open', () => {
    expect(presenceOf({ presence: 'available', operatorSeenAt: null, businessHours: null }, now)).toEqual({
      available: true,
      availableForMs: null,
      nextOpenAt: null,
    });
    expect(presenceOf({ presence: 'away', operatorSeenAt: new Date(now), businessHours: null }, now)).toEqual({
      available: false,
      availableForMs: null,
      nextOpenAt: null,
    });
  });
});
