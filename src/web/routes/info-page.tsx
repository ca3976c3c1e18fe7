import { data } from 'react-router';
import { PAGE_SLUGS, type PageSlug } from '../../shared/content-api.ts';
import { pathWithoutLocale } from '../../shared/locale.ts';
import { localeOfRequest } from '../i18n/i18n.tsx';
import { ContentArticle } from '../features/content/content-page.tsx';
import contentStylesHref from '../features/content/content.css?url';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/info-page';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStylesHref }];

/**
 * The legal and company pages: /corporate, /privacy-policy, /terms-of-service, /community-guidelines, and
 * /how-reviews-work (issue 22).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  // Routes match in any case and with a trailing slash: the page is named by its canonical slug.
  const slug = pathWithoutLocale(new URL(request.url).pathname)
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '');
  if (!(PAGE_SLUGS as readonly string[]).includes(slug)) throw data('Not found', { status: 404 });
  return { page: context.services.contentReads.page(slug as PageSlug, localeOfRequest(request)) };
}

export const meta = (args: Route.MetaArgs) =>
  args.data
    ? pageMeta(args, args.data.page.title, args.data.page.summary, { path: `/${args.data.page.slug}` })
    : [];

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  // Keyed by page, so moving between two of these pages starts afresh.
  return <ContentArticle key={loaderData.page.slug} page={loaderData.page} />;
}
