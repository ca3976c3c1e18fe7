import { data, Link } from 'react-router';
import { HELP_FORMS } from '../../shared/content-api.ts';
import { localizePath } from '../../shared/locale.ts';
import { Breadcrumbs } from '../features/content/breadcrumbs.tsx';
import { ContentArticle } from '../features/content/content-page.tsx';
import contentStylesHref from '../features/content/content.css?url';
import { HelpRequestForm } from '../features/help/help-request-form.tsx';
import { helpTexts } from '../features/help/texts.ts';
import { localeOfRequest } from '../i18n/i18n.tsx';
import { head } from '../lib/meta.ts';
import { breadcrumbList } from '../lib/structured-data.ts';
import type { Route } from './+types/help-page';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStylesHref }];

export function loader({ context, params, request }: Route.LoaderArgs) {
  const { contentReads } = context.services;
  const locale = localeOfRequest(request);
  const t = helpTexts.t(locale);
  const page = contentReads.helpPage(params.slug, locale);
  if (!page) throw data('Not found', { status: 404 });
  const path = `/help-center/${page.slug}`;
  const trail = [
    { name: t('home'), href: '/home' },
    { name: t('title'), href: '/help-center' },
    { name: page.title },
  ];
  return {
    page,
    pages: contentReads.helpPages(locale),
    trail,
    head: head({
      title: t('pageTitle', { title: page.title }),
      description: page.summary,
      origin: context.origin,
      path,
      locale,
      // The trail's addresses in the page's language.
      jsonLd: [
        breadcrumbList(
          context.origin,
          trail.map((c) => (c.href ? { ...c, href: localizePath(c.href, locale) } : c)),
          localizePath(path, locale),
        ),
      ],
    }),
  };
}

export const meta = ({ data: d }: Route.MetaArgs) => d?.head ?? [];

/** One of the 14 help pages; report-bug and new-feature-request carry their form under the text. */
export default function HelpPage({ loaderData }: Route.ComponentProps) {
  const { page, pages, trail } = loaderData;
  const t = helpTexts.useT();
  const form = HELP_FORMS[page.slug as keyof typeof HELP_FORMS];
  return (
    <div className="page">
      <Breadcrumbs trail={trail} />
      <div className="help-layout">
        <ContentArticle key={page.slug} page={page}>
          {form && <HelpRequestForm kind={form} />}
        </ContentArticle>
        <nav className="help-nav" aria-label={t('helpTopics')}>
          <h2 className="small-heading">{t('helpTopics')}</h2>
          <ul>
            {pages.map((p) => (
              <li key={p.slug}>
                <Link to={p.href} aria-current={p.slug === page.slug ? 'page' : undefined}>
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
