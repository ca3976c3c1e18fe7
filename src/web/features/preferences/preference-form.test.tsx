import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_PREFERENCE } from '../../../shared/preference-constants.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import '../../i18n/hindi.ts';
import { PreferenceStep } from './preference-step.tsx';

const send = () => Promise.resolve({ message: 'Preferences Saved Successfully' });

const html = (locale: 'en' | 'hi') =>
  renderToString(
    <LocaleProvider value={locale}>
      <PreferenceStep send={send} onDone={() => undefined} />
    </LocaleProvider>,
  ).replace(/<!-- -->/g, '');

describe('the preference step (issue 25)', () => {
  it('is in Hindi on a Hindi page: labels, focus areas, release windows, buttons and prices', () => {
    const page = html('hi');
    for (const text of [
      'आप क्या ढूँढ रहे हैं?',
      'कैटेगरी',
      'मोबाइल डिवाइस',
      'बजट',
      'aria-label="न्यूनतम बजट"',
      '₹10,000 – ₹30,000',
      'आपके लिए सबसे ज़रूरी क्या है',
      'बिल्ड क्वालिटी',
      'परफ़ॉर्मेंस',
      'पिछले 2 साल',
      'सेव करें और आगे बढ़ें',
      'अभी छोड़ें',
    ])
      expect(page).toContain(text);
    expect(page).not.toMatch(/>(Category|Budget|Performance|Last 2 years|Skip for now|Save and continue)</);
    expect(DEFAULT_USER_PREFERENCE.focusArea).toBe(4);
  });

  it('is as it was in English', () => {
    const page = html('en');
    for (const text of [
      'What are you looking for?',
      'Mobile Devices',
      'aria-label="Minimum budget"',
      'Look &amp; Feel',
      'Last 3 years',
      'Save and continue',
      'Skip for now',
    ])
      expect(page).toContain(text);
  });
});
