import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { articleHref, helpHref, PAGE_SLUGS } from '../../../shared/content-api.ts';
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

/** The public pages that are not products or reviews. */
function sitePages(services: Services): SitemapUrl[] {
  const fixed = ['/', '/home', '/browse', '/most-viewed-products', '/most-reviewed-products'];
  return [
    ...[...fixed, '/most-upvoted-products', '/articles', '/help-center', '/review-pass', '/transparency'].map(
      (loc) => ({
        loc,
      }),
    ),
    ...services.articles.list().map((a) => ({ loc: articleHref(a.slug, a.id), lastmod: a.publishDate })),
    ...services.pages.helpPages().map((p) => ({ loc: helpHref(p.slug) })),
    ...PAGE_SLUGS.map((slug) => {
      const page = services.pages.page(slug);
      return { loc: `/${slug}`, lastmod: page.updated ?? page.effective };
    }),
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

  r.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(sitemapIndex(origin, await services.sitemap.files())),
  );

  // The bundled pages do not change while the site runs: their file is written once.
  const pagesXml = urlSet(origin, sitePages(services));
  r.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply.type(XML).header('cache-control', CACHE).send(pagesXml),
  );

  r.get('/sitemaps/:file', { schema: { hide: true, params: Chunk } }, async (req, reply) => {
    const { kind, n } = req.params.file;
    // Past the ids a serial column can hold there is no file.
    if (n > SITEMAP_MAX_FILE) throw new AppError('NOT_FOUND');
    const urls = await services.sitemap.chunk(kind, n);
    if (!urls) throw new AppError('NOT_FOUND');
    return reply.type(XML).header('cache-control', CACHE).send(urlSet(origin, urls));
  });
}
