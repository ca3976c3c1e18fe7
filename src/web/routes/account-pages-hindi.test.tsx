// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInHindi } from '../i18n/render-hindi.tsx';
import { ERRORS } from '../../shared/messages.ts';
import { SESSION_STORAGE_KEY } from '../features/session/session.tsx';
import { clearStoredValues } from '../lib/stored-value.ts';
import EmailVerification, { meta as verificationMeta } from './email-verification.tsx';
import Unsubscribe from './unsubscribe.tsx';

beforeEach(() => clearStoredValues());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('account pages in Hindi', () => {
  it('explains email verification in Hindi to a signed-in user whose address is not verified', async () => {
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        token: 't'.repeat(43),
        user: {
          username: 'meera1',
          firstName: 'Meera',
          lastName: 'Iyer',
          email: 'm@x.in',
          emailVerified: false,
        },
      }),
    );
    renderInHindi(<EmailVerification />, '/email-verification');
    expect(screen.getByRole('heading', { name: 'ईमेल वेरिफ़िकेशन' })).toBeTruthy();
    expect((await screen.findByText(/स्पैम फ़ोल्डर/)).textContent).toBe(
      'हमने m@x.in पर एक लिंक भेजा है। कुछ नहीं आया? अपना स्पैम फ़ोल्डर देखें, या नया लिंक माँगें।',
    );
    expect(screen.getByRole('button', { name: 'वेरिफ़िकेशन लिंक फिर से भेजें' })).toBeTruthy();
    const [title] = verificationMeta({
      location: { pathname: '/email-verification' },
      matches: [{ id: 'root', data: { origin: 'https://verdict.in', locale: 'hi' } }],
    });
    expect(title).toEqual({ title: 'ईमेल वेरिफ़िकेशन · Verdict' });
  });

  it('says in Hindi why an emailed link did not verify', async () => {
    window.history.replaceState(null, '', '/hi/email-verification?token=expired-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        ok: false,
        status: 400,
        json: async () => ({
          success: false,
          code: 'VERIFICATION_EXPIRED',
          message: ERRORS.VERIFICATION_EXPIRED.message,
        }),
      })),
    );
    renderInHindi(<EmailVerification />, '/email-verification?token=expired-token');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'वेरिफ़िकेशन लिंक एक्सपायर हो गया है। कृपया नया लिंक मँगाएँ।',
    );
  });

  it('unsubscribes in Hindi, and says in Hindi when the link is not valid', async () => {
    window.history.replaceState(null, '', '/hi/unsubscribe?u=1&s=bad');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        ok: false,
        status: 400,
        json: async () => ({
          success: false,
          code: 'BAD_UNSUBSCRIBE',
          message: ERRORS.BAD_UNSUBSCRIBE.message,
        }),
      })),
    );
    renderInHindi(<Unsubscribe />, '/unsubscribe?u=1&s=bad');
    fireEvent.click(screen.getByRole('button', { name: 'ईमेल से अनसब्सक्राइब करें' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'यह अनसब्सक्राइब लिंक सही नहीं है। अपनी नोटिफ़िकेशन सेटिंग बदलने के लिए साइन इन करें।',
    );
    expect(document.body.textContent).not.toMatch(/Unsubscribe|notification/);
  });
});
