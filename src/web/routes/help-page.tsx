import { data, Link } from 'react-router';
import { HELP_FORMS } from '../../shared/content-api.ts';
import { Breadcrumbs } from '../features/content/breadcrumbs.tsx';
import { ContentArticle } from '../features/content/content-page.tsx';
import contentStylesHref from '../features/content/content.css?url';
import { HelpRequestForm } from '../features/help/help-request-form.tsx';
import { head } from '../lib/meta.ts';
import { breadcrumbList } from '../lib/structured-data.ts';
import type { Route } from './+types/help-page';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStylesHref }];

export function loader({ context, params }: Route.LoaderArgs) {
  const { contentReads } = context.services;
  const page = contentReads.helpPage(params.slug);
  if (!page) throw data('Not found', { status: 404 });
  const path = `/help-center/${page.slug}`;
  const trail = [
    { name: 'Home', href: '/home' },
    { name: 'Help center', href: '/help-center' },
    { name: page.title },
  ];
  return {
    page,
    pages: contentReads.helpPages(),
    trail,
    head: head({
      title: `${page.title}: help center`,
      description: page.summary,
      origin: context.origin,
      path,
      jsonLd: [breadcrumbList(context.origin, trail, path)],
    }),
  };
}

export const meta = ({ data: d }: Route.MetaArgs) => d?.head ?? [];

/** One of the 14 help pages; report-bug and new-feature-request carry their form under the text. */
export default function HelpPage({ loaderData }: Route.ComponentProps) {
  const { page, pages, trail } = loaderData;
  const form = HELP_FORMS[page.slug as keyof typeof HELP_FORMS];
  return (
    <div className="page">
      <Breadcrumbs trail={trail} />
      <div className="help-layout">
        <ContentArticle key={page.slug} page={page}>
          {form && <HelpRequestForm kind={form} />}
        </ContentArticle>
        <nav className="help-nav" aria-label="Help topics">
          <h2 className="small-heading">Help topics</h2>
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
