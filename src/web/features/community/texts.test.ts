import { describe, expect, it } from 'vitest';
import '../../i18n/hindi.ts';
import {
  COMMUNITY_MESSAGES,
  COMMUNITY_SUCCESS,
  REPORT_REASONS,
} from '../../../shared/community-constants.ts';
import { relativeDate } from './author-line.tsx';
import { communityTexts, isKnown, known } from './texts.ts';

const shared = [
  ...Object.values(COMMUNITY_MESSAGES),
  ...Object.values(COMMUNITY_SUCCESS),
  ...Object.values(REPORT_REASONS).flatMap((reasons) => Object.values(reasons) as string[]),
];

describe('the community’s shared English texts', () => {
  it('each have a message, the same in English and in Devanagari in Hindi', () => {
    for (const text of shared) {
      expect([text, isKnown(text)]).toEqual([text, true]);
      expect(known(communityTexts.t('en'), text)).toBe(text);
      expect(known(communityTexts.t('hi'), text)).toMatch(/[\u0900-\u097f]/);
    }
    expect(known(communityTexts.t('hi'), 'Please provide a rating for all metrics.')).toBe(
      'कृपया सभी पहलुओं की रेटिंग दें।',
    );
  });

  it('leave any other text as it is', () => {
    expect(known(communityTexts.t('hi'), 'A moderator’s own words')).toBe('A moderator’s own words');
  });

  it('say how long ago in Hindi', () => {
    const now = Date.parse('2026-05-26T12:00:00.000Z');
    const t = communityTexts.t('hi');
    expect(relativeDate('2026-05-26T09:00:00.000Z', now, t)).toBe('3 घंटे पहले');
    expect(relativeDate('2026-05-25T11:00:00.000Z', now, t)).toBe('कल');
    expect(relativeDate('2026-05-26T11:59:30.000Z', now, t)).toBe('अभी-अभी');
  });
});
