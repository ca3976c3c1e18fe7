// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInHindi } from '../../i18n/render-hindi.tsx';
import type { AuditEntry, QueueEntry } from '../../../shared/moderation.ts';
import { clearStoredValues } from '../../lib/stored-value.ts';
import Moderation, { meta as moderationMeta } from '../../routes/moderation.tsx';
import ModerationAudit from '../../routes/moderation-audit.tsx';
import { SESSION_STORAGE_KEY } from '../session/session.tsx';

const TOKEN = 'm'.repeat(43);
const page = <T,>(items: T[]) => ({ success: true, page: 0, size: 10, total: items.length, items });

const entry: QueueEntry = {
  item: {
    target_type: 'review',
    target_id: 7,
    label: 'Review of Redmi Note 13',
    title: 'Great battery',
    text: 'Lasts two days.',
    link: '/product/1',
    created_at: '2026-11-20T10:00:00Z',
    hidden: null,
    flagged: null,
    exists: true,
  },
  author: {
    username: 'ravi',
    firstName: 'Ravi',
    lastName: 'Kumar',
    demo: false,
    joined: '2025-03-10T10:00:00Z',
    role: 'user',
    suspended_until: null,
  },
  reports: [
    {
      id: 3,
      reason_id: 1,
      reason: 'Spamming',
      comments: null,
      created_at: '2026-11-21T10:00:00Z',
      reporter: { username: 'meera1', joined: '2025-01-01T00:00:00Z', suspended: false, counts: true },
    },
  ],
  history: [],
};

const audit: AuditEntry = {
  id: 1,
  at: '2026-12-23T14:30:00Z',
  actor: 'mod1',
  action: 'suspend',
  target_type: 'review',
  target_id: 7,
  subject: 'ravi',
  reason: 'Spam links',
  days: 7,
} as AuditEntry;

/** The moderation API as the pages read it, recording what was sent. */
function serve() {
  const sent: { url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, body });
    const json = url.includes('/user/standing')
      ? { success: true, role: 'admin', suspension: null, new_account: false, notices: [] }
      : url.includes('/queue')
        ? page([entry])
        : url.includes('/audit')
          ? page([audit])
          : url.endsWith('/actions')
            ? { success: true, message: 'Reports dismissed.' }
            : page([]);
    return { ok: true, status: 200, json: async () => json };
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

beforeEach(() => {
  clearStoredValues();
  window.localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ token: TOKEN, user: { username: 'mod1', firstName: 'Mohan' } }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the moderation pages in Hindi', () => {
  it('shows the queue in Hindi and dismisses a report with a Hindi toast', async () => {
    const sent = serve();
    renderInHindi(<Moderation />);
    expect(screen.getByRole('heading', { level: 1, name: 'मॉडरेशन' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Review of Redmi Note 13' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'मॉडरेशन' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ऑडिट लॉग' })).toBeTruthy();
    for (const name of [/देखने लायक रिपोर्ट/, /^अपील/, /^मालिकाना सबूत/, /सुधारने लायक लिस्टिंग/]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'रिपोर्ट (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '@ravi पर पहले हुई कार्रवाइयाँ' })).toBeTruthy();
    expect(screen.getByText('स्पैम')).toBeTruthy();
    expect(screen.getByText('सदस्य')).toBeTruthy();
    expect(screen.getByText('कोई खुली अपील नहीं है।')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /रिपोर्ट खारिज करें/ }));
    const submit = screen.getByRole('button', { name: 'रिपोर्ट खारिज करें' });
    fireEvent.click(submit);
    expect(await screen.findByText('5 से 500 अक्षरों में वजह लिखें: लेखक इसे देखेगा।')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/वजह \(लेखक इसे देखेगा\)/), {
      target: { value: 'Nothing wrong here' },
    });
    fireEvent.click(submit);
    expect(await screen.findByText('रिपोर्ट खारिज कर दी गईं।')).toBeTruthy();
    expect(sent.find((s) => s.url.endsWith('/actions'))?.body).toMatchObject({
      target_type: 'review',
      target_id: 7,
      action: 'dismiss',
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Review of Redmi Note 13' })).toBeNull(),
    );
    expect(document.body.textContent).not.toMatch(
      /Reports to review|Appeals|Proofs of ownership|Listings to fix|Take action|Loading|Author|Joined|Reports dismissed|No open/,
    );
  });

  it('offers the suspension in Hindi days', async () => {
    serve();
    renderInHindi(<Moderation />);
    fireEvent.click(await screen.findByRole('radio', { name: /लेखक को सस्पेंड करें/ }));
    expect(screen.getByRole('group', { name: 'कितने दिन के लिए सस्पेंड करें' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '7 दिन' }));
    expect(screen.getByRole('button', { name: '7 दिन के लिए सस्पेंड करें' })).toBeTruthy();
  });

  it('shows the audit log in Hindi, with Hindi dates', async () => {
    serve();
    renderInHindi(<ModerationAudit />);
    expect(screen.getByRole('heading', { level: 1, name: 'ऑडिट लॉग' })).toBeTruthy();
    expect(await screen.findByText('ऑडिट लॉग (1 एंट्री)')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['कब', 'मॉडरेटर', 'कार्रवाई', 'आइटम', 'किसके बारे में', 'वजह', 'दिन']);
    expect(screen.getByText('सस्पेंड किया गया')).toBeTruthy();
    expect(screen.getByText('रिव्यू #7')).toBeTruthy();
    expect(screen.getByText('23 दिसंबर 2026, 20:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'कतार पर वापस जाएँ' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/When|Moderator|Suspended|Review #|Dec/);
  });

  it('titles the page in Hindi', () => {
    const [title, description] = moderationMeta({
      location: { pathname: '/moderation' },
      matches: [{ id: 'root', data: { origin: 'https://verdict.in', locale: 'hi' } }],
    });
    expect(title).toEqual({ title: 'मॉडरेशन · Verdict' });
    expect(description).toEqual({
      name: 'description',
      content: 'रिपोर्ट की कतार और सुधारने लायक लिस्टिंग, Verdict के मॉडरेटरों के लिए।',
    });
  });

  it('asks a visitor to sign in, in Hindi', () => {
    window.localStorage.clear();
    serve();
    renderInHindi(<Moderation />);
    expect(screen.getByText('यह पेज देखने के लिए मॉडरेटर अकाउंट से साइन इन करें।')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'साइन इन करें' })).toBeTruthy();
  });
});
