import { Link } from 'react-router';
import { ContentArticle } from '../features/content/content-page.tsx';
import contentStylesHref from '../features/content/content.css?url';
import { localeOf, pageMeta } from '../lib/meta.ts';
import { landingTexts } from './landing-texts.ts';
import { localeOfRequest } from '../i18n/i18n.tsx';
import { pathWithoutLocale } from '../../shared/locale.ts';
import { SITE_PREVIEW } from '../../shared/preview-path.ts';
import { siteLd } from '../lib/structured-data.ts';
import type { Route } from './+types/landing';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStylesHref }];

/** / and /about are the landing page (spec section 2); /about adds who we are under it. */
export function loader({ context, request }: Route.LoaderArgs) {
  const about = /^\/about\/?$/i.test(pathWithoutLocale(new URL(request.url).pathname));
  return {
    about: about ? context.services.contentReads.page('about', localeOfRequest(request)) : null,
    jsonLd: siteLd(context.origin, context.contact),
  };
}

export const meta = (args: Route.MetaArgs) =>
  args.data?.about
    ? pageMeta(args, args.data.about.title, args.data.about.summary, {
        path: '/about',
        image: SITE_PREVIEW,
        jsonLd: args.data.jsonLd,
      })
    : pageMeta(
        args,
        landingTexts.t(localeOf(args))('metaTitle'),
        landingTexts.t(localeOf(args))('metaDescription'),
        { path: '/', image: SITE_PREVIEW, jsonLd: args.data?.jsonLd ?? [] },
      );

export default function Landing({ loaderData }: Route.ComponentProps) {
  const t = landingTexts.useT();
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">{t('heroHeading')}</h1>
        <p className="lead">{t('heroLead')}</p>
        <div className="hero-actions">
          <Link to="/home" className="button button-primary">
            {t('seeLooking')}
          </Link>
          <Link to="/browse" className="button">
            {t('browseAll')}
          </Link>
        </div>
      </section>
      <section className="features" aria-labelledby="why-heading">
        <h2 id="why-heading">{t('whyHeading')}</h2>
        <ul className="feature-list">
          <li>
            <h3>{t('catalogueHeading')}</h3>
            <p>{t('catalogueText')}</p>
          </li>
          <li>
            <h3>{t('ratingsHeading')}</h3>
            <p>{t('ratingsText')}</p>
          </li>
          <li>
            <h3>{t('filtersHeading')}</h3>
            <p>{t('filtersText')}</p>
          </li>
          <li>
            <h3>{t('freeHeading')}</h3>
            <p>{t('freeText')}</p>
          </li>
        </ul>
      </section>
      {loaderData.about && <ContentArticle page={loaderData.about} heading="h2" />}
    </div>
  );
}
