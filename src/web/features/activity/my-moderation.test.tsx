import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Notice, Standing } from '../../../shared/moderation.ts';
import { formatDateTime, MyStanding } from './my-moderation.tsx';

const notice = (n: Partial<Notice> & Pick<Notice, 'action'>): Notice => ({
  id: Math.floor(Math.random() * 1e6),
  at: '2025-05-26T10:15:00.000Z',
  reason: 'Personal attack on another member.',
  days: null,
  appeal: null,
  appealable: false,
  item: null,
  ...n,
});

const standing = (s: Partial<Standing>): Standing => ({
  success: true,
  role: 'user',
  suspension: null,
  new_account: false,
  notices: [],
  ...s,
});

/** The section's text, tags stripped. */
function text(s: Standing | null, error: string | null = null) {
  const html = renderToString(
    <MemoryRouter>
      <MyStanding state={{ standing: s, error, retry: () => undefined }} />
    </MemoryRouter>,
  );
  return { html, text: html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'") };
}

describe('MyStanding', () => {
  it('says when a suspension ends, why, and what it stops', () => {
    const { text: t } = text(
      standing({ suspension: { until: '2025-06-02T10:15:00.000Z', reason: 'Repeated spam.' } }),
    );
    expect(t).toContain(`Your account is suspended until ${formatDateTime('2025-06-02T10:15:00.000Z')}`);
    expect(formatDateTime('2025-06-02T10:15:00.000Z')).toMatch(/2 June 2025.*3:45.*pm/i);
    expect(t).toContain('Repeated spam.');
    expect(t).toContain('You can still read; you cannot post, react, report or follow until then.');
  });

  it('words each notice for the author, with the reason, the excerpt and a link', () => {
    const { html, text: t } = text(
      standing({
        notices: [
          notice({
            action: 'hide',
            item: {
              target_type: 'review',
              label: 'Review of Samsung Galaxy S24 (8 GB RAM, 128 GB)',
              text: 'Battery is <b>awful</b>',
              link: '/product/1/review/2',
            },
          }),
          notice({
            action: 'auto_hide',
            reason: 'Hidden automatically after several reports, until a moderator reviews it.',
            item: { target_type: 'comment', label: 'A comment', text: 'rude words', link: null },
          }),
          notice({ action: 'warn' }),
          notice({ action: 'suspend', days: 7 }),
          notice({
            action: 'restore',
            item: { target_type: 'answer', label: 'Something odd', text: 'An answer', link: null },
          }),
        ],
      }),
    );
    expect(t).toContain('Your review of Samsung Galaxy S24 (8 GB RAM, 128 GB) was hidden by moderators');
    expect(t).toContain("Your comment was hidden automatically after reports, pending a moderator's review");
    expect(t).toContain('You received a warning');
    expect(t).toContain('Your account was suspended for 7 days');
    expect(t).toContain('Your answer was restored by moderators');
    expect(t).toContain('Something odd');
    expect(t).toContain('Reason: Personal attack on another member.');
    // The excerpt is text, never HTML.
    expect(html).toContain('Battery is &lt;b&gt;awful&lt;/b&gt;');
    // Still hidden: no link to a page that would not show it.
    expect(t).toContain('It is still hidden: other members cannot see it.');
    expect(html).not.toContain('href="/product/1/review/2"');
  });

  it('links a post again once it is restored', () => {
    const item = {
      target_type: 'review' as const,
      label: 'Review of Samsung Galaxy S24',
      text: 'Fine phone.',
      link: '/product/1/review/2',
    };
    const { html, text: t } = text(
      standing({ notices: [notice({ action: 'restore', item }), notice({ action: 'hide', item })] }),
    );
    expect(t).toContain('Your review of Samsung Galaxy S24 was restored by moderators');
    expect(t).not.toContain('It is still hidden');
    expect(html.match(/href="\/product\/1\/review\/2"/g)).toHaveLength(2);
  });

  it('offers an appeal while the decision may be appealed, then shows the appeal and its outcome', () => {
    const item = {
      target_type: 'review' as const,
      label: 'Review of Nothing Phone 3',
      text: 'Meh.',
      link: null,
    };
    const appealable = text(standing({ notices: [notice({ action: 'hide', item, appealable: true })] }));
    expect(appealable.html).toMatch(/<button[^>]*>Appeal this decision<\/button>/);
    expect(text(standing({ notices: [notice({ action: 'hide', item })] })).text).not.toContain('Appeal this');
    const appeal = {
      text: 'It is my honest experience.',
      created_at: '2025-05-27T10:15:00.000Z',
      reason: null,
      decided_at: null,
    };
    const open = text(
      standing({ notices: [notice({ action: 'hide', item, appeal: { ...appeal, status: 'open' } })] }),
    );
    expect(open.text).toContain('Your appeal, 27 May 2025:');
    expect(open.text).toContain('It is my honest experience.');
    expect(open.text).toContain('Waiting for a moderator who did not make this decision.');
    expect(open.html).not.toContain('Appeal this decision');
    const upheld = text(
      standing({
        notices: [
          notice({
            action: 'hide',
            item,
            appeal: {
              ...appeal,
              status: 'upheld',
              reason: 'It names a shop.',
              decided_at: '2025-05-28T10:15:00.000Z',
            },
          }),
        ],
      }),
    );
    expect(upheld.text).toContain(
      'Appeal upheld: your post stays hidden. Reason: It names a shop. · 28 May 2025',
    );
  });

  it('shows a good standing, the new-account limits and no notices', () => {
    const { text: t } = text(standing({ new_account: true }));
    expect(t).toContain('Your account is in good standing');
    expect(t).toContain('stricter daily limits');
    expect(t).toContain('No notices from moderators.');
  });

  it('shows a failure with a way to try again', () => {
    const { html } = text(null, 'Something went wrong.');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Try again');
  });
});
