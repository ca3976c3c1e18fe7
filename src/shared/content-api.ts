/**
 * Articles, help pages and legal pages (issue 7): responses of /platform/api/v1/get-article/{id},
 * /articles and /articles/{id}/comments, and what the web app's loaders get. Text is written by us
 * (src/content) and rendered from Markdown on the server; comments are user text, rendered as text.
 */
import { z } from './zod.ts';
import { LIKE_REACTIONS } from './community-constants.ts';
import { threadItem } from './community-api.ts';

export const ArticleSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** The short title for navigation and breadcrumbs. */
  navTitle: z.string(),
  author: z.string(),
  /** The banner image, served by this site (SVG; `bannerPng` for link previews). */
  banner: z.string(),
  bannerPng: z.string(),
  bannerAlt: z.string(),
  summary: z.string(),
  /** YYYY-MM-DD. */
  publishDate: z.string(),
  /** Minutes, from the word count at 200 words a minute. */
  readTime: z.number().int(),
  /** Its page: /articles/{slug}-{id}. */
  href: z.string(),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const ArticleSchema = ArticleSummarySchema.extend({
  /** The article as HTML, rendered from our own Markdown (never from user input). */
  content: z.string(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  comments: z.number().int(),
  my_reaction: z.enum(LIKE_REACTIONS).nullable(),
});
export type Article = z.infer<typeof ArticleSchema>;

export const ArticleCommentSchema = z.object({ ...threadItem, article_id: z.number().int() });
export type ArticleComment = z.infer<typeof ArticleCommentSchema>;

/** The legal and company pages, each at /{slug}. */
export const PAGE_SLUGS = [
  'about',
  'corporate',
  'privacy-policy',
  'terms-of-service',
  'community-guidelines',
  'how-reviews-work',
] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** A help-center page or a legal/company page. */
export interface ContentPage {
  slug: string;
  title: string;
  summary: string;
  /** HTML rendered from our own Markdown. */
  html: string;
  /** YYYY-MM-DD, where the page has one (privacy policy: last updated; terms: effective from). */
  updated: string | null;
  effective: string | null;
}

export interface HelpPageSummary {
  slug: string;
  title: string;
  summary: string;
  href: string;
}

export interface HelpSearchResult extends HelpPageSummary {
  /** A few words around the first match in the page's text, when the match is not in the title or summary. */
  excerpt: string | null;
}

/** The help pages whose page carries a form (spec section 2): its kind for POST /help-requests. */
export const HELP_FORMS = { 'report-bug': 'bug', 'new-feature-request': 'feature' } as const;

export const helpHref = (slug: string) => `/help-center/${slug}`;
export const articleHref = (slug: string, id: number) => `/articles/${slug}-${id}`;
