import type { MetaDescriptor } from 'react-router';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../../shared/preview-path.ts';
import { HTML_LANG, LOCALES, localeOfPath, localizePath, type Locale } from '../../shared/locale.ts';

const SITE_NAME = 'Verdict';

interface Head {
  title: string;
  description: string;
  /** The site's public origin (PUBLIC_URL) and the page's path: its canonical address. */
  origin: string;
  path: string;
  /** The page's language; by default, its path's ('/hi/…' is Hindi). */
  locale?: Locale;
  /** Keep the page out of search results (account, payment, search and error pages); it has no canonical. */
  noindex?: boolean;
  type?: 'website' | 'article' | 'product';
  /** The link-preview image, a path on this site: a 1200 × 630 picture (a preview, an article's banner). */
  image?: string;
  /** What the image shows, for those who cannot see it; the page's title when not given. */
  imageAlt?: string;
  /** Structured data (schema.org), one <script type="application/ld+json"> each. */
  jsonLd?: object[];
}

/** A page's <title>, description, canonical address, Open Graph tags and structured data. */
export function head(h: Head): MetaDescriptor[] {
  // One address per page: without a trailing slash (routes match with one too).
  const path = h.path.length > 1 ? h.path.replace(/\/+$/, '') : h.path;
  const locale = h.locale ?? localeOfPath(path);
  const at = (l: Locale) => h.origin + localizePath(path, l);
  const url = at(locale);
  return [
    { title: `${h.title} · ${SITE_NAME}` },
    { name: 'description', content: h.description },
    ...(h.noindex
      ? [{ name: 'robots', content: 'noindex' }]
      : [
          { tagName: 'link', rel: 'canonical', href: url },
          // The page in each language, both ways (decision 0042); English for everyone else.
          ...LOCALES.map((l) => ({ tagName: 'link', rel: 'alternate', hrefLang: HTML_LANG[l], href: at(l) })),
          { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: at('en') },
        ]),
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: h.type ?? 'website' },
    { property: 'og:title', content: h.title },
    { property: 'og:description', content: h.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: locale === 'hi' ? 'hi_IN' : 'en_IN' },
    ...(h.image
      ? [
          { property: 'og:image', content: h.origin + h.image },
          { property: 'og:image:width', content: String(PREVIEW_WIDTH) },
          { property: 'og:image:height', content: String(PREVIEW_HEIGHT) },
          { property: 'og:image:alt', content: h.imageAlt ?? h.title },
        ]
      : []),
    { name: 'twitter:card', content: h.image ? 'summary_large_image' : 'summary' },
    ...(h.jsonLd ?? []).map((o) => ({ 'script:ld+json': o })),
  ];
}

/** What a route's `meta` receives that pageMeta needs: the page's path and the root loader's origin. */
export interface MetaContext {
  location: { pathname: string };
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
}

const rootData = (args: MetaContext) =>
  args.matches.find((m) => m?.id === 'root')?.data as { origin?: string; locale?: Locale } | undefined;

/** The site's origin, from the root loader's data. */
const originOf = (args: MetaContext) => rootData(args)?.origin ?? '';

/** The page's language, from the root loader's data (a meta function's location has no basename). */
export const localeOf = (args: MetaContext): Locale => rootData(args)?.locale ?? 'en';

/** For a route's `meta` export: its title and description, at the page's own address. */
export function pageMeta(
  args: MetaContext,
  title: string,
  description: string,
  extra: Omit<Head, 'title' | 'description' | 'origin' | 'path'> & { path?: string } = {},
): MetaDescriptor[] {
  return head({
    path: args.location.pathname,
    locale: localeOf(args),
    ...extra,
    title,
    description,
    origin: originOf(args),
  });
}
