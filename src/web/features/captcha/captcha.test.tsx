import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/locale.ts';
import '../../i18n/hindi.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import { Captcha, CAPTCHA_REQUIRED } from './captcha.tsx';

const html = (locale: Locale, error: string | null) =>
  renderToString(
    <LocaleProvider value={locale}>
      <Captcha onChange={() => {}} resetKey={0} error={error} />
    </LocaleProvider>,
  );

describe('Captcha in Hindi (issue 25)', () => {
  it('labels the box and shows its known messages in Hindi, others as given', () => {
    const hi = html('hi', CAPTCHA_REQUIRED);
    expect(hi).toContain('>मैं रोबोट नहीं हूँ</label>');
    expect(hi).toContain('एक छोटी-सी जाँच, जिसे आपका ब्राउज़र खुद पूरा करता है');
    expect(hi).toContain('कृपया “मैं रोबोट नहीं हूँ” पर टिक करें');
    expect(html('hi', 'Incorrect CAPTCHA. Please try again')).toContain('CAPTCHA गलत है। कृपया फिर से कोशिश करें');
    expect(html('hi', 'कोई और संदेश')).toContain('कोई और संदेश');
    const en = html('en', CAPTCHA_REQUIRED);
    expect(en).toContain('>I&#x27;m not a robot</label>');
    expect(en).toContain('Please tick “I&#x27;m not a robot” and wait until it says Verified.');
  });
});
