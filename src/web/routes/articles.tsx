import { Link } from 'react-router';
import { NAV_INDEX } from '../../shared/constants.ts';
import { formatDate } from '../../shared/format.ts';
import contentStylesHref from '../features/content/content.css?url';
import { contentTexts } from '../features/content/texts.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/articles';

/** Shows the page load's house ad (issue 8). */
export const handle = { nav: NAV_INDEX.articles, ads: true };
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStylesHref }];

export function loader({ context }: Route.LoaderArgs) {
  return { articles: context.services.contentReads.articles() };
}

export const meta = (args: Route.MetaArgs) => {
  const t = contentTexts.t(localeOf(args));
  return pageMeta(args, t('articles'), t('articlesDescription'));
};

export default function Articles({ loaderData }: Route.ComponentProps) {
  const t = contentTexts.useT();
  const locale = useLocale();
  // Articles are in English on the Hindi site too: their titles and summaries say so.
  const english = locale === 'en' ? undefined : 'en';
  return (
    <div className="page">
      <h1 className="page-title">{t('articles')}</h1>
      <p>{t('articlesIntro')}</p>
      <ul className="article-list">
        {loaderData.articles.map((a) => (
          <li key={a.id} className="card article-card">
            <img src={a.banner} alt="" width={1200} height={630} loading="lazy" />
            <div className="article-card-body">
              <h2 lang={english}>
                <Link to={a.href}>{a.title}</Link>
              </h2>
              <p className="muted small">
                {a.author} · <time dateTime={a.publishDate}>{formatDate(a.publishDate, locale)}</time> ·{' '}
                {t('minRead', { count: a.readTime })}
              </p>
              <p lang={english}>{a.summary}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
