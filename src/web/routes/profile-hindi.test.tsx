import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../i18n/hindi.ts';
import type { PublicProfile } from '../../shared/community-api.ts';
import { LocaleProvider } from '../i18n/i18n.tsx';
import { SessionProvider } from '../features/session/session.tsx';
import { ToastProvider } from '../features/toasts/toasts.tsx';
import PublicProfilePage, { meta } from './profile.tsx';

const data = {
  success: true,
  profile: {
    username: 'asha',
    firstName: 'Asha',
    lastName: 'Rao',
    image: null,
    demo: false,
    joined: '2025-03-10T10:00:00.000Z',
    followers: 1,
    following: 4,
    reviews: 0,
    followed: false,
    mine: false,
  },
  reviews: { items: [], page: 0, size: 6, total: 0 },
} as PublicProfile;

describe('a public profile in Hindi', () => {
  it('shows the page in Hindi, names as they are', () => {
    const html = renderToString(
      <LocaleProvider value="hi">
        <MemoryRouter>
          <ToastProvider>
            <SessionProvider>
              <PublicProfilePage
                {...({ loaderData: data } as unknown as Parameters<typeof PublicProfilePage>[0])}
              />
            </SessionProvider>
          </ToastProvider>
        </MemoryRouter>
      </LocaleProvider>,
    ).replace(/<!-- -->/g, '');
    for (const text of [
      'Asha Rao',
      'मार्च 2025 में जुड़े',
      'फ़ॉलोअर',
      'फ़ॉलो कर रहे हैं',
      'फ़ॉलो करने के लिए साइन इन करें',
      'यूज़र की रिपोर्ट करें',
      'Asha Rao ने अभी तक कोई रिव्यू नहीं लिखा है।',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('describes the member in Hindi, and in English as before', () => {
    const description = (locale: 'en' | 'hi') =>
      meta({
        data,
        location: { pathname: '/profile/asha' },
        matches: [{ id: 'root', data: { origin: 'https://verdict.example', locale } }],
      } as never).find((m) => 'name' in m && m.name === 'description');
    expect(description('hi')).toEqual({
      name: 'description',
      content: 'Verdict पर Asha Rao: 0 रिव्यू, 1 फ़ॉलोअर।',
    });
    expect(description('en')).toEqual({
      name: 'description',
      content: 'Asha Rao on Verdict: 0 reviews, 1 follower.',
    });
  });
});
