import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '../session/session.tsx';
import { ToastProvider } from '../toasts/toasts.tsx';
import type { PostTarget } from '../../../shared/moderation-constants.ts';
import { ItemBody, type LikeableItem } from './item-body.tsx';

const item = (i: Partial<LikeableItem> = {}): LikeableItem => ({
  id: 7,
  author: { username: 'asha', firstName: 'Asha', lastName: 'Rao', image: null, demo: false },
  created_at: '2025-05-26T10:15:00.000Z',
  text: 'Is the battery good?',
  likes: 1,
  dislikes: 0,
  my_reaction: null,
  mine: false,
  ...i,
});

function html(i: LikeableItem, report?: Exclude<PostTarget, 'review'>) {
  return renderToString(
    <MemoryRouter>
      <ToastProvider>
        <SessionProvider>
          <ItemBody
            item={i}
            subject={report === undefined || report === 'article_comment' ? 'comment' : report}
            report={report}
            send={() => Promise.reject(new Error('not here'))}
            onDelete={() => Promise.resolve()}
          />
        </SessionProvider>
      </ToastProvider>
    </MemoryRouter>,
  );
}

const buttons = (h: string) =>
  [...h.matchAll(/<button[^>]*>(.*?)<\/button>/gs)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));

describe('ItemBody', () => {
  it('offers Report on someone else’s post (an article’s comments too), Delete on one’s own, and no Report without a target', () => {
    for (const target of ['comment', 'reply', 'question', 'answer'] as const) {
      expect(buttons(html(item(), target))).toContain(`Report ${target}`);
      const own = buttons(html(item({ mine: true }), target));
      expect(own.some((b) => b.startsWith('Report'))).toBe(false);
      expect(own).toContain(`Delete this ${target}`);
    }
    // A comment on an article is a comment too.
    expect(buttons(html(item(), 'article_comment'))).toContain('Report comment');
    expect(buttons(html(item({ mine: true }), 'article_comment'))).toContain('Delete this comment');
    // No target, no Report.
    expect(buttons(html(item())).some((b) => b.startsWith('Report'))).toBe(false);
  });

  it('labels a post of the demo community as Demo beside its author, and no one else’s', () => {
    const demo = { username: 'demo_asha7', firstName: 'Asha', lastName: 'Rao', image: null, demo: true };
    const label = /<span class="badge"[^>]*>Demo<\/span>/;
    expect(html(item({ author: demo }), 'comment')).toMatch(label);
    expect(html(item(), 'comment')).not.toMatch(label);
    expect(html(item({ author: null }), 'comment')).not.toMatch(label);
  });
});
