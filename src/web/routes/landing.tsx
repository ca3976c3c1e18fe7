import { Link } from 'react-router';
import { ContentArticle } from '../features/content/content-page.tsx';
import contentStylesHref from '../features/content/content.css?url';
import { pageMeta } from '../lib/meta.ts';
import { SITE_PREVIEW } from '../../shared/preview-path.ts';
import { siteLd } from '../lib/structured-data.ts';
import type { Route } from './+types/landing';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStylesHref }];

/** / and /about are the landing page (spec section 2); /about adds who we are under it. */
export function loader({ context, request }: Route.LoaderArgs) {
  const about = /^\/about\/?$/i.test(new URL(request.url).pathname);
  return {
    about: about ? context.services.contentReads.page('about') : null,
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
        'Verdict: honest phone reviews from Indian buyers',
        'Browse about 2,000 phones with real specs and prices in rupees, compare them, and read what owners say before you buy.',
        { path: '/', image: SITE_PREVIEW, jsonLd: args.data?.jsonLd ?? [] },
      );

export default function Landing({ loaderData }: Route.ComponentProps) {
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">Know what you are buying before you pay for it</h1>
        <p className="lead">
          Verdict is a free community where people in India research phones before they buy: real
          specifications, prices in rupees, ratings only once ten owners have spoken, and answers from people
          who use the phone every day.
        </p>
        <div className="hero-actions">
          <Link to="/home" className="button button-primary">
            See what people are looking at
          </Link>
          <Link to="/browse" className="button">
            Browse all phones
          </Link>
        </div>
      </section>
      <section className="features" aria-labelledby="why-heading">
        <h2 id="why-heading">Why Verdict</h2>
        <ul className="feature-list">
          <li>
            <h3>A real catalogue</h3>
            <p>
              About 2,000 phone variants from 80 brands, plus cars and motorbikes, each with its
              specifications and listed price.
            </p>
          </li>
          <li>
            <h3>Ratings you can trust</h3>
            <p>
              A product shows a rating only after ten reviews, so one enthusiastic owner cannot make a phone
              look great.
            </p>
          </li>
          <li>
            <h3>Filters that fit a budget</h3>
            <p>
              Filter by price, battery, camera, RAM, storage, 5G, NFC and more, and share the exact view with
              a link.
            </p>
          </li>
          <li>
            <h3>Free for everyone</h3>
            <p>Reading, browsing and writing reviews cost nothing. An optional ReviewPass removes ads.</p>
          </li>
        </ul>
      </section>
      {loaderData.about && <ContentArticle page={loaderData.about} heading="h2" />}
    </div>
  );
}
