import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CommentInputSchema, LIMITS, ReplyInputSchema } from '../../../shared/community.ts';
import type { LikeReaction } from '../../../shared/community.ts';
import type { Comment, Page, ReactionResult, Reply } from '../../../shared/community-api.ts';
import type { ArticleComment } from '../../../shared/content-api.ts';
import { PAGE_SIZE, PLATFORM_API } from '../../../shared/constants.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { ShowMore } from '../community/show-more.tsx';
import { TextForm } from '../community/text-form.tsx';
import { usePagedList } from '../community/use-paged-list.ts';
import { ItemBody } from '../community/item-body.tsx';
import { useSession } from '../session/session.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { communityTexts } from '../community/texts.ts';
import { reviewsTexts } from './texts.ts';

const API = `${PLATFORM_API}/product/review`;
const ARTICLES = `${PLATFORM_API}/articles`;

/** What the comments are on: a review (whose comments have replies) or an article. */
type CommentTarget = { review: number; product: number } | { article: number };
type AnyComment = Comment | ArticleComment;

/** The endpoints of a target's comments (docs/api.md). */
function endpoints(t: CommentTarget) {
  if ('article' in t) {
    return {
      list: (page: number) => `${ARTICLES}/${t.article}/comments?page=${page}&size=${PAGE_SIZE.comment}`,
      post: `${ARTICLES}/${t.article}/add-comment`,
      react: (id: number, reaction: LikeReaction) => `${ARTICLES}/comment/${id}/react/${reaction}`,
      remove: (id: number) => `${ARTICLES}/comment/${id}`,
    };
  }
  return {
    list: (page: number) =>
      `${API}/${t.review}/comments?page=${page}&size=${PAGE_SIZE.comment}&productid=${t.product}`,
    post: `${API}/${t.review}/comment`,
    react: (id: number, reaction: LikeReaction) => `${API}/comment/${id}/react?reaction=${reaction}`,
    remove: (id: number) => `${API}/comment/${id}`,
  };
}
type Endpoints = ReturnType<typeof endpoints>;

function ReplyItem({ reply: r, onDeleted }: { reply: Reply; onDeleted(id: number): void }) {
  const api = useCommunityApi();
  const toast = useToast();
  const tc = communityTexts.useT();
  return (
    <li className="community-item reply">
      <ItemBody
        item={r}
        subject="reply"
        report="reply"
        send={(reaction) => api.post<ReactionResult>(`${API}/comment/reply/${r.id}/react`, { reaction })}
        onDelete={async () => {
          await api.del(`${API}/comment/reply/${r.id}`);
          toast.show({ message: tc('okReplyDeleted'), type: 'success' });
          onDeleted(r.id);
        }}
      />
    </li>
  );
}

/** A comment and, on a review, its replies (two a page, oldest first) and, on request, a reply form. */
function CommentItem({
  comment: c,
  paths,
  onDeleted,
  focusAfterDelete,
}: {
  comment: AnyComment;
  paths: Endpoints;
  onDeleted(id: number): void;
  focusAfterDelete(): HTMLElement | null;
}) {
  const hasReplies = 'replies' in c;
  const id = useId();
  const t = reviewsTexts.useT();
  const tc = communityTexts.useT();
  const api = useCommunityApi();
  const toast = useToast();
  const { token } = useSession();
  const [replying, setReplying] = useState(false);
  const fetchPage = useCallback(
    (page: number) =>
      api.get<Page<Reply>>(`${API}/comment/${c.id}/replies?page=${page}&size=${PAGE_SIZE.reply}`),
    [api, c.id],
  );
  // Replies are fetched only when there are some; a comment posted just now starts with none.
  const replies = usePagedList(fetchPage, hasReplies && c.replies ? undefined : { items: [], total: 0 });
  const repliesRef = useRef<HTMLOListElement>(null);

  const post = async (text: string) => {
    const result = await api.post<{ reply?: Reply }>(`${API}/comment/${c.id}/reply`, { text });
    toast.show({ message: tc('okReplyPosted'), type: 'success' });
    setReplying(false);
    if (result.reply) {
      replies.setItems((list) => [...list, result.reply!]);
      replies.setTotal((n) => n + 1);
    } else {
      void replies.reload();
    }
  };

  return (
    <li className="community-item comment" tabIndex={-1}>
      <ItemBody
        item={c}
        subject="comment"
        report={hasReplies ? 'comment' : 'article_comment'}
        send={(reaction) => api.post<ReactionResult>(paths.react(c.id, reaction as LikeReaction))}
        focusAfterDelete={focusAfterDelete}
        onDelete={async () => {
          await api.del(paths.remove(c.id));
          toast.show({ message: tc('okCommentDeleted'), type: 'success' });
          onDeleted(c.id);
        }}
      >
        {token && hasReplies && (
          <button
            type="button"
            className="button button-small button-quiet"
            aria-expanded={replying}
            aria-controls={`${id}-reply`}
            onClick={() => setReplying((r) => !r)}
          >
            {t('reply')}
          </button>
        )}
      </ItemBody>
      {(replies.items.length > 0 || replies.loading) && (
        <ol
          ref={repliesRef}
          className="replies community-list"
          aria-label={c.author ? t('repliesTo', { name: c.author.firstName }) : t('repliesToThis')}
        >
          {replies.items.map((r) => (
            <ReplyItem
              key={r.id}
              reply={r}
              onDeleted={(gone) => {
                replies.setItems((list) => list.filter((x) => x.id !== gone));
                replies.setTotal((n) => n - 1);
              }}
            />
          ))}
        </ol>
      )}
      <ShowMore list={replies} label={t('showMoreReplies')} listRef={repliesRef} />
      <div id={`${id}-reply`} hidden={!replying}>
        {replying && (
          <TextForm
            label={t('yourReply')}
            max={LIMITS.reply[1]}
            submitText={t('postReply')}
            schema={ReplyInputSchema}
            onPost={post}
            autoFocus
            onCancel={() => setReplying(false)}
          />
        )}
      </div>
    </li>
  );
}

/**
 * A review's or an article's comments: six a page, oldest first, with "Show more comments", then the comment
 * form (signed out: a link to sign in). `onTotal` keeps the review's "Comments (n)" in step.
 */
export interface CommentsProps {
  target: CommentTarget;
  /** The first page, when the server rendered it (the single review page, an article). */
  initial?: Page<AnyComment> | undefined;
  onTotal(total: number): void;
  /** The heading level of "Comments": under the review's title (h3 in a list, h1 on its own page). */
  level?: 2 | 4;
}

export default function Comments({ target, onTotal, initial, level = 4 }: CommentsProps) {
  const Heading = level === 2 ? 'h2' : 'h4';
  const t = reviewsTexts.useT();
  const tc = communityTexts.useT();
  const api = useCommunityApi();
  const toast = useToast();
  const { token, ready } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // One key for the target, so the callbacks change only when it does.
  const key = JSON.stringify(target);
  const paths = useMemo(() => endpoints(JSON.parse(key) as CommentTarget), [key]);
  const fetchPage = useCallback((page: number) => api.get<Page<AnyComment>>(paths.list(page)), [api, paths]);
  const list = usePagedList(fetchPage, initial);
  const { total, loading, reload } = list;

  useEffect(() => {
    if (!loading) onTotal(total);
  }, [total, loading, onTotal]);

  // Signing in or out changes what is the viewer's own: fetch again.
  const tokenSeen = useRef(token);
  useEffect(() => {
    if (token === tokenSeen.current) return;
    tokenSeen.current = token;
    void reload();
  }, [token, reload]);

  const post = async (text: string) => {
    const result = await api.post<{ comment?: AnyComment }>(paths.post, { text });
    toast.show({ message: tc('okCommentPosted'), type: 'success' });
    if (result.comment) {
      list.setItems((items) => [...items, result.comment!]);
      list.setTotal((n) => n + 1);
    } else {
      void reload();
    }
  };

  return (
    <div className="comments">
      <Heading className="comments-heading" ref={heading} tabIndex={-1}>
        {t('comments')}
      </Heading>
      {list.items.length > 0 && (
        <ol ref={listRef} className="community-list comment-list">
          {list.items.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              paths={paths}
              focusAfterDelete={() => heading.current}
              onDeleted={(gone) => {
                list.setItems((items) => items.filter((x) => x.id !== gone));
                list.setTotal((n) => n - 1);
              }}
            />
          ))}
        </ol>
      )}
      {loading && !list.items.length && <p className="muted small">{t('loadingComments')}</p>}
      {!loading && !list.error && !list.items.length && <p className="muted small">{t('noComments')}</p>}

      <ShowMore list={list} label={t('showMoreComments')} listRef={listRef} />
      {token ? (
        <TextForm
          label={t('addComment')}
          max={LIMITS.comment[1]}
          submitText={t('postComment')}
          schema={CommentInputSchema}
          onPost={post}
        />
      ) : (
        ready && (
          <p className="sign-in-prompt">
            <Link to="/sign-in">{t('signInToComment')}</Link>
          </p>
        )
      )}
    </div>
  );
}
