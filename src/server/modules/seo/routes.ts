import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { articleHref, helpHref, PAGE_SLUGS } from '../../../shared/content-api.ts';
import { budgetPath, BUDGETS, versusPath } from '../../../shared/discovery.ts';
import { LOCALES, localizePath } from '../../../shared/locale.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Services } from '../../services.ts';
import { type Chunked, SITEMAP_MAX_URLS, sitemapIndex, type SitemapUrl, urlSet } from './sitemap.ts';

const SITEMAP_MAX_FILE = Math.ceil(2_147_483_647 / SITEMAP_MAX_URLS);

const XML = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=3600';
const CHUNK = /^(products|reviews)-([1-9]\d{0,5})\.xml$/;
/** `products-3.xml` → { kind: 'products', n: 3 }. */
const Chunk = z.object({
  file: z
    .string()
    .regex(CHUNK)
    .transform((file) => {
      const [, kind, n] = CHUNK.exec(file)!;
      return { kind: kind as Chunked, n: Number(n) };
    }),
});

/**
 * The public pages that are not products, reviews, brands or versus pages, each with its lastmod: the
 * catalogue's pages the day it last changed, bundled text the day its file was last revised.
 */
function sitePages(services: Services, catalogueDay: string | null, today: string): SitemapUrl[] {
  const { help, pages, articles } = services.content;
  const newest = (days: string[]) => days.sort().at(-1) ?? null;
  const helpDay = newest(help.map((p) => p.revised));
  const catalogue = [
    '/',
    '/home',
    '/browse',
    '/most-viewed-products',
    '/most-reviewed-products',
    '/most-upvoted-products',
    ...BUDGETS.map(budgetPath),
  ];
  return [
    ...catalogue.map((loc) => ({ loc, lastmod: catalogueDay })),
    { loc: '/articles', lastmod: newest(articles.map((a) => a.publishDate)) },
    { loc: '/help-center', lastmod: helpDay },
    // The pass's page says what the help on it says (ad-free-experience); the report's figures are live.
    { loc: '/review-pass', lastmod: help.find((p) => p.slug === 'ad-free-experience')?.revised ?? helpDay },
    { loc: '/transparency', lastmod: today },
    ...services.articles.list().map((a) => ({ loc: articleHref(a.slug, a.id), lastmod: a.publishDate })),
    ...help.map((p) => ({ loc: helpHref(p.slug), lastmod: p.revised })),
    ...PAGE_SLUGS.map((slug) => ({ loc: `/${slug}`, lastmod: pages.get(slug)!.revised })),
  ];
}

/** /robots.txt and the sitemap (issue 7, search-engine visibility). */
export function seoRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const origin = services.config.publicUrl;

  r.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(
      // Pages that must stay out of results say noindex themselves (a crawler must fetch them to see it).
      `User-agent: *\nAllow: /\nDisallow: /platform/api/\nDisallow: /user/api/\n\nSitemap: ${origin}/sitemap.xml\n`,
    ),
  );

  r.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const files = await services.sitemap.files();
    // The Hindi pages (issue 25) in files of their own: the same URLs under /hi, so each file keeps its limit.
    const all = LOCALES.flatMap((locale) => files.map((f) => (locale === 'en' ? f : `${locale}/${f}`)));
    return reply.type(XML).header('cache-control', CACHE).send(sitemapIndex(origin, all));
  });

  for (const locale of LOCALES) {
    const dir = locale === 'en' ? '/sitemaps' : `/sitemaps/${locale}`;
    const send = (reply: FastifyReply, urls: SitemapUrl[]) =>
      reply
        .type(XML)
        .header('cache-control', CACHE)
        .send(
          urlSet(
            origin,
            urls.map((u) => ({ ...u, loc: localizePath(u.loc, locale) })),
          ),
        );

    r.get(`${dir}/pages.xml`, { schema: { hide: true } }, async (_req, reply) => {
      const day = await services.sitemap.catalogueChanged();
      const today = services.clock.now().toISOString().slice(0, 10);
      return send(reply, sitePages(services, day, today));
    });

    // Brand pages and the versus pages of the pairs people compare most (issue 24).
    r.get(`${dir}/brands.xml`, { schema: { hide: true } }, async (_req, reply) => {
      const brands = await services.discovery.sitemapBrands();
      return send(
        reply,
        brands.map((b) => ({ loc: b.path, lastmod: b.lastmod })),
      );
    });
    r.get(`${dir}/versus.xml`, { schema: { hide: true } }, async (_req, reply) => {
      const pairs = await services.discovery.sitemapPairs(SITEMAP_MAX_URLS);
      return send(
        reply,
        pairs.map((p) => ({ loc: versusPath([p.a, p.b]), lastmod: p.updated })),
      );
    });

    r.get(`${dir}/:file`, { schema: { hide: true, params: Chunk } }, async (req, reply) => {
      const { kind, n } = req.params.file;
      // Past the ids a serial column can hold there is no file.
      if (n > SITEMAP_MAX_FILE) throw new AppError('NOT_FOUND');
      const urls = await services.sitemap.chunk(kind, n);
      if (!urls) throw new AppError('NOT_FOUND');
      return send(reply, urls);
    });
  }
}
