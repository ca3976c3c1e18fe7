import { describe, expect, it } from 'vitest';
import { toastDuration } from './toasts.tsx';

describe('toast durations', () => {
  it('follows the spec: success 4000 ms, error 6000 ms, otherwise 3000 ms, unless given', () => {
    expect(toastDuration('success')).toBe(4000);
    expect(toastDuration('error')).toBe(6000);
    expect(toastDuration('info')).toBe(3000);
    expect(toastDuration('error', 1500)).toBe(1500);
  });
});

describe('the browser’s own messages (issue 25)', () => {
  it('shows MESSAGES in the page’s language, anything else as it is', async () => {
    await import('../../i18n/hindi.ts');
    const { MESSAGES } = await import('../../../shared/texts.ts');
    const { browserMessage, toastsTexts } = await import('./texts.ts');
    for (const message of Object.values(MESSAGES))
      expect(browserMessage(toastsTexts.t('en'), message)).toBe(message);
    expect(browserMessage(toastsTexts.t('hi'), MESSAGES.offline)).toBe(
      'इंटरनेट कनेक्शन नहीं है। कृपया अपना नेटवर्क जाँचें और फिर से कोशिश करें।',
    );
    expect(browserMessage(toastsTexts.t('hi'), 'Review posted.')).toBe('Review posted.');
  });
});

describe('the toasts’ English catalogue', () => {
  it('is the texts the code shows in English', async () => {
    const { default: en } = await import('../../i18n/locales/en/toasts.json');
    const { MESSAGES } = await import('../../../shared/texts.ts');
    expect(en).toEqual({ dismiss: 'Dismiss notification', ...MESSAGES });
  });
});
