// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHANNEL_LABELS,
  KIND_LABELS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TEXTS,
  whoAll,
} from '../../../shared/notification-constants.ts';
import '../../i18n/hindi.ts';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import en from '../../i18n/locales/en/notifications.json';
import { bellLabel } from './bell.tsx';
import { NotificationSettingsForm } from './settings-form.tsx';
import { CHANNEL_KEYS, KIND_KEYS, noticeTexts, notificationsTexts } from './texts.ts';
import { SessionProvider } from '../session/session.tsx';
import { ToastProvider } from '../toasts/toasts.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('notifications in Hindi', () => {
  it('keeps the English labels and messages verbatim', () => {
    for (const [kind, label] of Object.entries(KIND_LABELS)) {
      expect(en[KIND_KEYS[kind as keyof typeof KIND_KEYS]]).toBe(label);
    }
    for (const [channel, label] of Object.entries(CHANNEL_LABELS)) {
      expect(en[CHANNEL_KEYS[channel as keyof typeof CHANNEL_KEYS]]).toBe(label);
    }
    expect(en.muted).toBe(NOTIFICATION_MESSAGES.muted);
    expect(en.unmuted).toBe(NOTIFICATION_MESSAGES.unmuted);
    expect(en.settingsSaved).toBe(NOTIFICATION_MESSAGES.settingsSaved);
    expect(en.unsubscribed).toBe(NOTIFICATION_MESSAGES.unsubscribed);
    const t = notificationsTexts.t('en');
    expect(t('noticeUsefulOne')).toBe(NOTIFICATION_TEXTS.useful(1));
    expect(t('noticeUsefulMany', { count: '10' })).toBe(NOTIFICATION_TEXTS.useful(10));
    expect(t('noticeComment', { who: t('whoOthers', { name: 'riya', others: '4' }) })).toBe(
      NOTIFICATION_TEXTS.comment(whoAll('riya', 5)),
    );
    expect(t('noticeComment', { who: t('whoOneOther', { name: 'riya' }) })).toBe(
      NOTIFICATION_TEXTS.comment(whoAll('riya', 2)),
    );
    for (const what of ['review', 'comment', 'article comment', 'reply', 'question', 'answer', 'post']) {
      expect(
        noticeTexts({ kind: 'moderation', title: NOTIFICATION_TEXTS.moderation(what), text: '' }, 'hi').title,
      ).toMatch(/^एक मॉडरेटर ने/);
    }
  });

  it('says a notice in Hindi, keeping names and what members wrote', () => {
    const say = (kind: Parameters<typeof noticeTexts>[0]['kind'], title: string, text = '') =>
      noticeTexts({ kind, title, text }, 'hi');
    expect(say('comment', NOTIFICATION_TEXTS.comment(whoAll('Riya Sen', 3)), 'Great phone').title).toBe(
      'Riya Sen और 2 अन्य ने आपके रिव्यू पर कमेंट किया',
    );
    expect(say('comment', NOTIFICATION_TEXTS.comment('Riya Sen'), 'Great phone').text).toBe('Great phone');
    expect(say('useful', NOTIFICATION_TEXTS.useful(100)).title).toBe('100 लोगों को आपका रिव्यू उपयोगी लगा');
    expect(say('price', 'Price drop: now ₹19,999', 'Below your alert of ₹20,000.')).toEqual({
      title: 'कीमत घटी: अब ₹19,999',
      text: 'आपके ₹20,000 के अलर्ट से कम।',
    });
    expect(say('moderation', NOTIFICATION_TEXTS.moderation('post'), 'Reason: spam').title).toBe(
      'एक मॉडरेटर ने आपकी पोस्ट छिपा दी',
    );
    expect(say('pass', 'Your ReviewPass ends on 20 November 2025').title).toMatch(
      /^आपका ReviewPass 20 .+ 2025 को/,
    );
    expect(noticeTexts({ kind: 'follower', title: 'x started following you', text: '' }, 'en').title).toBe(
      'x started following you',
    );
    expect(bellLabel(3, 'hi')).toBe('नोटिफ़िकेशन, 3 बिना पढ़े');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });

  it('shows the settings in Hindi', async () => {
    const settings = Object.fromEntries(Object.keys(KIND_LABELS).map((k) => [k, 'app']));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ success: true, settings }) })),
    );
    render(
      <LocaleProvider value="hi">
        <MemoryRouter>
          <ToastProvider>
            <SessionProvider>
              <NotificationSettingsForm />
            </SessionProvider>
          </ToastProvider>
        </MemoryRouter>
      </LocaleProvider>,
    );
    expect(screen.getByRole('heading', { name: 'नोटिफ़िकेशन सेटिंग' })).toBeTruthy();
    expect(await screen.findByText('मेरे रिव्यू पर कमेंट')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/In the app|Comments on my reviews/);
  });
});
