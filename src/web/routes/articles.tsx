import { Link } from 'react-router';
import { NAV_INDEX } from '../../shared/constants.ts';
import { formatDate } from '../../shared/format.ts';
import contentStylesHref from '../features/content/content.css?url';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/articles';

/** Shows the page load's house ad (issue 8). */
export const handle = { nav: NAV_INDEX.articles, ads: true };
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStylesHref }];

export function loader({ context }: Route.LoaderArgs) {
  return { articles: context.services.contentReads.articles() };
}

export const meta = (args: Route.MetaArgs) =>
  pageMeta(
    args,
    'Articles',
    'Buying guides for phones in India, written for Verdict: budgets, batteries and more.',
  );

export default function Articles({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1 className="page-title">Articles</h1>
      <p>Buying guides written for Verdict, to help you choose before you pay.</p>
      <ul className="article-list">
        {loaderData.articles.map((a) => (
          <li key={a.id} className="card article-card">
            <img src={a.banner} alt="" width={1200} height={630} loading="lazy" />
            <div className="article-card-body">
              <h2>
                <Link to={a.href}>{a.title}</Link>
              </h2>
              <p className="muted small">
                {a.author} · <time dateTime={a.publishDate}>{formatDate(a.publishDate)}</time> · {a.readTime}{' '}
                min read
              </p>
              <p>{a.summary}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
