import { describe, expect, it } from 'vitest';
import { relativeDate } from './author-line.tsx';

describe('relative dates', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const before = (ms: number) => new Date(now - ms).toISOString();
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it('says what Intl.RelativeTimeFormat says for en-IN, within a week', () => {
    const intl = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' });
    for (const minutes of [1, 2, 59])
      expect(relativeDate(before(minutes * MINUTE), now)).toBe(intl.format(-minutes, 'minute'));
    for (const hours of [1, 5, 23])
      expect(relativeDate(before(hours * HOUR + 1), now)).toBe(intl.format(-hours, 'hour'));
    for (const days of [1, 2, 6])
      expect(relativeDate(before(days * DAY + 1), now)).toBe(intl.format(-days, 'day'));
    expect(relativeDate(before(DAY), now)).toBe('yesterday');
  });

  it('says just now within a minute, and nothing for the future, for a week or more, or for a bad date', () => {
    expect(relativeDate(before(59_999), now)).toBe('just now');
    expect(relativeDate(before(-1), now)).toBeNull();
    expect(relativeDate(before(7 * DAY), now)).toBeNull();
    expect(relativeDate('not a date', now)).toBeNull();
  });
});
