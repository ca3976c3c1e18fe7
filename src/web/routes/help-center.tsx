import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import contentStylesHref from '../features/content/content.css?url';
import { helpTexts } from '../features/help/texts.ts';
import { localeOfRequest } from '../i18n/i18n.tsx';
import { localeOf, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/help-center';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStylesHref }];

/** The help center: its 14 pages, and a search over their text (?q=, a GET form that works without JS). */
export function loader({ context, request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  const { contentReads } = context.services;
  const locale = localeOfRequest(request);
  return {
    q,
    pages: contentReads.helpPages(locale),
    results: q ? contentReads.searchHelp(q, locale) : null,
    supportEmail: context.contact.supportEmail,
  };
}

export const meta = (args: Route.MetaArgs) => {
  const t = helpTexts.t(localeOf(args));
  return pageMeta(args, t('title'), t('description'), args.data?.q ? { noindex: true } : {});
};

export default function HelpCenter({ loaderData }: Route.ComponentProps) {
  const { q, pages, results, supportEmail } = loaderData;
  const t = helpTexts.useT();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // A search done in the page (not a page opened with ?q=) moves focus to what it found.
  const searched = useRef(false);
  useEffect(() => {
    if (q && searched.current) resultsHeading.current?.focus();
  }, [q]);
  return (
    <div className="page help-center">
      <h1 className="page-title">{t('title')}</h1>
      <p>
        {t('intro')}{' '}
        {supportEmail ? (
          <>
            {t('writeToUs')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            {t('writeToUsAfter')}
          </>
        ) : (
          <>
            {t('seeContacting')} <Link to="/help-center/contacting-support">{t('contactingSupport')}</Link>
            {t('seeContactingAfter')}
          </>
        )}
      </p>
      <Form
        method="get"
        role="search"
        className="help-search"
        aria-label={t('searchLabel')}
        onSubmit={() => (searched.current = true)}
      >
        <div className="form-field field">
          <label htmlFor="help-q">{t('searchLabel')}</label>
          <input id="help-q" name="q" type="search" defaultValue={q} key={q} maxLength={100} />
        </div>
        <button type="submit" className="button button-primary">
          {t('search')}
        </button>
        {q && (
          <Link to="/help-center" className="button">
            {t('clear')}
          </Link>
        )}
      </Form>
      {results ? (
        <section aria-labelledby="help-results">
          <h2 id="help-results" ref={resultsHeading} tabIndex={-1}>
            {results.length ? t('resultsCount', { count: results.length, q }) : t('noResults', { q })}
          </h2>
          {results.length ? (
            <ul className="help-list">
              {results.map((r) => (
                <li key={r.slug}>
                  <h3>
                    <Link to={r.href}>{r.title}</Link>
                  </h3>
                  <p>{r.summary}</p>
                  {r.excerpt && <p className="help-excerpt">{r.excerpt}</p>}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('tryOther')}</p>
          )}
        </section>
      ) : null}
      <section aria-labelledby="help-all">
        <h2 id="help-all">{results ? t('allPages') : t('topics')}</h2>
        <ul className="help-list">
          {pages.map((p) => (
            <li key={p.slug}>
              <h3>
                <Link to={p.href}>{p.title}</Link>
              </h3>
              <p>{p.summary}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
