import type { FastifyInstance } from 'fastify';
// Before sharp draws the banners' text: the bundled fonts.
import '../../lib/fonts.ts';
import sharp from 'sharp';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponseSchema } from '../../../shared/api-types.ts';
import { COMMUNITY_SUCCESS, CommentInputSchema } from '../../../shared/community.ts';
import { pageOf, ReactionResultSchema } from '../../../shared/community-api.ts';
import { ArticleCommentSchema, ArticleSchema, ArticleSummarySchema } from '../../../shared/content-api.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { AppError } from '../../../shared/messages.ts';
import { DAY } from '../../lib/clock.ts';
import { idOf, Paging } from '../../lib/params.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { Services } from '../../services.ts';
import { signedIn, viewerId } from '../account/auth.ts';
import { CommentId, LikeReaction, READ_ERRORS, WRITE_ERRORS } from '../community/route-schemas.ts';

const ArticleId = z.object({ id: idOf('an article id') });

const tags = ['articles'];

/** Articles under /platform/api/v1 (issue 7): the bundled articles, their comments and reactions. */
export function articleRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sessions, articles } = services;

  r.get(
    '/articles',
    {
      schema: {
        tags,
        description: 'The articles, newest first.',
        response: { 200: z.object({ success: z.literal(true), articles: z.array(ArticleSummarySchema) }) },
      },
    },
    async () => ({ success: true as const, articles: articles.list() }),
  );

  r.get(
    '/get-article/:id',
    {
      schema: {
        tags,
        description: 'One article with its HTML content, counters and (with a token) the viewer’s reaction.',
        params: ArticleId,
        response: { 200: z.object({ success: z.literal(true), article: ArticleSchema }), ...READ_ERRORS },
      },
    },
    async (req) => {
      const viewer = await viewerId(sessions, req);
      return { success: true as const, article: await articles.get(req.params.id, viewer) };
    },
  );

  r.get(
    '/articles/:id/comments',
    {
      schema: {
        tags,
        description: 'An article’s comments, oldest first.',
        params: ArticleId,
        querystring: Paging(PAGE_SIZE.comment),
        response: { 200: pageOf(ArticleCommentSchema), ...READ_ERRORS },
      },
    },
    async (req) => {
      const viewer = await viewerId(sessions, req);
      return articles.comments(req.params.id, req.query.page, req.query.size, viewer);
    },
  );

  r.post(
    '/articles/:id/add-comment',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        params: ArticleId,
        body: CommentInputSchema,
        response: {
          201: z.object({ success: z.literal(true), message: z.string(), comment: ArticleCommentSchema }),
          ...WRITE_ERRORS,
        },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      const comment = await articles.comment(user, req.params.id, req.body.text);
      return reply.status(201).send({ success: true, message: COMMUNITY_SUCCESS.commentPosted, comment });
    },
  );

  r.post(
    '/articles/:id/react/:reaction',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        description: 'Like or dislike an article; the same again takes it back, the other one switches.',
        params: ArticleId.extend({ reaction: LikeReaction }),
        response: { 200: ReactionResultSchema, ...WRITE_ERRORS },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return articles.react(user, req.params.id, req.params.reaction);
    },
  );

  r.post(
    '/articles/comment/:id/react/:reaction',
    {
      config: { auth: 'verified' },
      schema: {
        tags,
        description: 'Like or dislike a comment on an article.',
        params: CommentId.extend({ reaction: LikeReaction }),
        response: { 200: ReactionResultSchema, ...WRITE_ERRORS },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return articles.reactToComment(user, req.params.id, req.params.reaction);
    },
  );

  r.delete(
    '/articles/comment/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Delete one’s own comment on an article.',
        params: CommentId,
        response: { 200: MessageResponseSchema, ...WRITE_ERRORS },
      },
    },
    async (req) => {
      const user = signedIn(req);
      await articles.deleteComment(user, req.params.id);
      return { success: true as const, message: COMMUNITY_SUCCESS.commentDeleted };
    },
  );
}

const BANNER = z.object({ file: z.string().regex(/^[a-z0-9-]+\.(svg|png)$/) });

/** The articles' banners: the SVG as drawn, and a PNG of it (1200 × 630) for link previews. */
export function articleImageRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Each PNG is drawn once, by the first request that asks (the banners never change while the site runs).
  const pngs = new TtlCache<Buffer>(DAY, 16);
  r.get('/images/articles/:file', { schema: { hide: true, params: BANNER } }, async (req, reply) => {
    const { file } = req.params;
    const svg = services.content.banners.get(file.replace(/\.png$/, '.svg'));
    if (!svg) throw new AppError('NOT_FOUND');
    reply.header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
    if (file.endsWith('.svg')) return reply.type('image/svg+xml').send(svg);
    const png = await pngs.get(file, () => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
    return reply.type('image/png').send(png);
  });
}
