// The snooze presets in the operator's time zone: 9:00 on their clock, also across a change to or from summer
// time, when their date differs from UTC's, and on a Monday.
import { snoozePresetTime } from '@/lib/conversations/snooze-times';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('snoozePresetTime in Europe/Berlin', () => {
  const zone = 'Europe/Berlin';

  it('reaches 9:00 winter time from a summer-time Saturday before the October change', () => {
    // Saturday 24 October 2026, 20:00 CEST (UTC+2); the clocks go back on Sunday at 3:00.
    const now = at('2026-10-24T18:00:00Z');
    expect(iso(snoozePresetTime('tomorrow', now, zone))).toBe('2026-10-25T08:00:00.000Z');
    expect(iso(snoozePresetTime('monday', now, zone))).toBe('2026-10-26T08:00:00.000Z');
  });

  it('reaches 9:00 summer time from a winter-time Saturday before the March change', () => {
    // Saturday 28 March 2026, 12:00 CET (UTC+1); the clocks go forward on Sunday at 2:00.
    const now = at('2026-03-28T11:00:00Z');
    expect(iso(snoozePresetTime('tomorrow', now, zone))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(snoozePresetTime('monday', now, zone))).toBe('2026-03-30T07:00:00.000Z');
  });

  it('counts an hour as an hour through the night the clocks go back', () => {
    // 2:30 CEST on 25 October; an hour later the clock shows 2:30 again (CET).
    expect(iso(snoozePresetTime('hour', at('2026-10-25T00:30:00Z'), zone))).toBe('2026-10-25T01:30:00.000Z');
  });

  it('takes the date of the operator’s clock, not UTC’s', () => {
    // 22:30 UTC on Monday 1 June is 0:30 on Tuesday 2 June in Berlin.
    const now = at('2026-06-01T22:30:00Z');
    expect(iso(snoozePresetTime('tomorrow', now, zone))).toBe('2026-06-03T07:00:00.000Z');
    expect(iso(snoozePresetTime('monday', now, zone))).toBe('2026-06-08T07:00:00.000Z');
  });

  it('snoozes from a Monday to the Monday a week later, and from a Sunday to the next day', () => {
    expect(iso(snoozePresetTime('monday', at('2026-06-08T06:00:00Z'), zone))).toBe('2026-06-15T07:00:00.000Z');
    expect(iso(snoozePresetTime('monday', at('2026-06-07T20:00:00Z'), zone))).toBe('2026-06-08T07:00:00.000Z');
  });

  it('rolls over the end of a month and a year', () => {
    expect(iso(snoozePresetTime('tomorrow', at('2026-12-31T12:00:00Z'), zone))).toBe('2027-01-01T08:00:00.000Z');
  });
});

it('follows another zone’s own change of time (America/New_York, first Sunday of November)', () => {
  // Saturday 31 October 2026, 18:00 EDT (UTC−4); the clocks go back on Sunday 1 November.
  const now = at('2026-10-31T22:00:00Z');
  expect(iso(snoozePresetTime('tomorrow', now, 'America/New_York'))).toBe('2026-11-01T14:00:00.000Z');
  expect(iso(snoozePresetTime('monday', now, 'America/New_York'))).toBe('2026-11-02T14:00:00.000Z');
});
