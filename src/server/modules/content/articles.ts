/**
 * The bundled articles with what users add to them: comments (oldest first, with likes and dislikes) and
 * Like / Dislike on the article itself, their counters kept on the article's row (see community/thread.ts).
 */
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/sql.ts';
import type { LikeReaction } from '../../../shared/community.ts';
import type { Page, ReactionResult } from '../../../shared/community-api.ts';
import {
  type Article,
  type ArticleComment,
  articleHref,
  type ArticleSummary,
} from '../../../shared/content-api.ts';
import { AppError } from '../../../shared/messages.ts';
import type { SessionUserRow } from '../account/sessions.ts';
import { LIKES, react, type ReactionTarget, reactionName } from '../community/common.ts';
import type { CommunityDeps } from '../community/deps.ts';
import { type Item, type Poster, thread, Threads } from '../community/thread.ts';
import type { BundledArticle } from './bundle.ts';

const COMMENTS = thread(
  'article_comment',
  (articleId) => ({ kind: 'article', id: articleId }),
  'article_comments',
  ['articles', 'article_id', 'comments', 'ARTICLE_NOT_FOUND'],
  'created_at, id',
  null,
  ['article_comment_reactions', 'comment_id', 'COMMENT_NOT_FOUND'],
);

const REACTIONS: ReactionTarget<LikeReaction> = {
  ...LIKES,
  table: 'article_reactions',
  column: 'article_id',
  itemTable: 'articles',
  notFound: 'ARTICLE_NOT_FOUND',
};

const toComment = ({ parent_id, children: _none, ...item }: Item): ArticleComment => ({
  ...item,
  article_id: parent_id,
});

const bannerUrl = (banner: string) => `/images/articles/${banner}`;

function summaryOf(a: BundledArticle): ArticleSummary {
  return {
    id: a.id,
    slug: a.slug,
    title: a.title,
    navTitle: a.navTitle,
    author: a.author,
    banner: bannerUrl(a.banner),
    bannerPng: bannerUrl(a.banner.replace(/\.svg$/, '.png')),
    bannerAlt: a.bannerAlt,
    summary: a.summary,
    publishDate: a.publishDate,
    readTime: a.readTime,
    href: articleHref(a.slug, a.id),
  };
}

export class ArticleService {
  private readonly threads: Threads;
  private readonly byId: Map<number, BundledArticle>;

  constructor(
    private readonly d: CommunityDeps,
    readonly bundled: BundledArticle[],
  ) {
    this.threads = new Threads(d);
    this.byId = new Map(bundled.map((a) => [a.id, a]));
  }

  /** Newest first. */
  list(): ArticleSummary[] {
    return this.bundled.map(summaryOf);
  }

  /**
   * A bundled article, or 404: an article that left the bundle keeps its row, but is no longer shown and takes
   * no more comments or reactions (its comments, shown nowhere, are left as they are).
   */
  private bundledArticle(id: number): BundledArticle {
    const article = this.byId.get(id);
    if (!article) throw new AppError('ARTICLE_NOT_FOUND');
    return article;
  }

  async get(id: number, viewerId: number | null): Promise<Article> {
    const article = this.bundledArticle(id);
    const [row] = await rows<{ likes: number; dislikes: number; comments: number; my_value: number | null }>(
      this.d.db,
      sql`SELECT a.likes, a.dislikes, a.comments, x.value AS my_value FROM articles a
        LEFT JOIN article_reactions x ON x.article_id = a.id AND x.user_id = ${viewerId ?? 0}
        WHERE a.id = ${id}`,
    );
    // Every bundled article has its row from start-up (prepareDatabase).
    if (!row) throw new AppError('ARTICLE_NOT_FOUND');
    return {
      ...summaryOf(article),
      content: article.html,
      likes: row.likes,
      dislikes: row.dislikes,
      comments: row.comments,
      my_reaction: reactionName(REACTIONS, row.my_value),
    };
  }

  async comments(
    id: number,
    page: number,
    size: number,
    viewerId: number | null,
  ): Promise<Page<ArticleComment>> {
    this.bundledArticle(id);
    const { total, items } = await this.threads.list(COMMENTS, id, page, size, viewerId);
    return { success: true, page, size, total, items: items.map(toComment) };
  }

  async comment(user: Poster, id: number, text: string): Promise<ArticleComment> {
    this.bundledArticle(id);
    return toComment(await this.threads.create(COMMENTS, user, id, text));
  }

  deleteComment(user: Pick<SessionUserRow, 'userId'>, commentId: number): Promise<void> {
    return this.threads.remove(COMMENTS, user, commentId);
  }

  reactToComment(user: Poster, commentId: number, reaction: LikeReaction): Promise<ReactionResult> {
    return this.threads.react(COMMENTS, user, commentId, reaction);
  }

  react(user: Poster, id: number, reaction: LikeReaction): Promise<ReactionResult> {
    this.bundledArticle(id);
    return react(this.d.db, this.d.limits, REACTIONS, user, id, reaction);
  }
}
