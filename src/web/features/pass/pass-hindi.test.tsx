import { renderToString } from 'react-dom/server';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatPassDays } from '../../../shared/review-pass.ts';
import '../../i18n/hindi.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import { SessionProvider } from '../session/session.tsx';
import { ToastProvider } from '../toasts/toasts.tsx';
import { AdTray } from './ad-tray.tsx';
import { BuyPass } from './buy-pass.tsx';
import { passLength, passTexts } from './texts.ts';

/** The pass form in Hindi, under a root route whose loader data says whether the site takes payments. */
function html(payments: boolean) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: () => <Outlet />,
      children: [
        {
          path: 'review-pass',
          Component: () => (
            <ToastProvider>
              <SessionProvider>
                <BuyPass />
              </SessionProvider>
            </ToastProvider>
          ),
        },
      ],
    },
  ]);
  return renderToString(
    <LocaleProvider value="hi">
      <Stub initialEntries={['/review-pass']} hydrationData={{ loaderData: { root: { payments } } }} />
    </LocaleProvider>,
  );
}

describe('the ReviewPass in Hindi', () => {
  it('offers the options in Hindi', () => {
    const page = html(true);
    expect(page).toContain('<h2>ReviewPass खरीदें</h2>');
    expect(page).toContain('कितने समय के लिए, चुनें');
    expect(page).toContain('<span class="pass-option-days">1 दिन</span>');
    expect(page).toContain('<span class="pass-option-days">1 महीना</span>');
    expect(page).toContain('<span class="pass-option-days">हमेशा के लिए</span>');
    expect(page).toContain('खरीदने के लिए साइन इन करें');
    expect(page).not.toMatch(/Choose how long|Sign in to buy|Forever/);
  });

  it('says payments are unavailable in Hindi', () => {
    expect(html(false)).toContain('इस साइट पर अभी पेमेंट नहीं हो सकते।');
  });

  it('says how long a pass lasts as formatPassDays does in English', () => {
    for (const days of [1, 7, 30, 365, 1825, null]) {
      expect(passLength(days, passTexts.t('en'))).toBe(formatPassDays(days));
    }
    expect([1, 7, 30, 365, 1825].map((d) => passLength(d, passTexts.t('hi')))).toEqual([
      '1 दिन',
      '7 दिन',
      '1 महीना',
      '1 साल',
      '5 साल',
    ]);
  });

  it('labels the ad and links to the Hindi ReviewPass page', () => {
    const ad = renderToString(
      <LocaleProvider value="hi">
        <AdTray
          ad={
            {
              id: 1,
              sponsor: 'Verdict',
              title: 'Compare',
              body: 'Three phones side by side.',
              link_url: '/compare',
              image_url: '/images/ads/compare.svg',
            } as never
          }
        />
      </LocaleProvider>,
    );
    expect(ad).toContain('aria-label="विज्ञापन"');
    expect(ad).toContain('विज्ञापन · Verdict');
    expect(ad).toContain('href="/hi/compare"');
    expect(ad).toContain('<a class="ad-remove" href="/hi/review-pass">विज्ञापन हटाएँ</a>');
  });
});
