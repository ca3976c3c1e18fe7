import {
  isRouteErrorResponse,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useHref,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import { lazy, type ReactNode } from 'react';
import { preload } from 'react-dom';
import type { Route } from './+types/root';
import { NavBar } from './components/nav-bar.tsx';
import { RouteAnnouncer } from './components/route-announcer.tsx';
import { CompareProvider } from './features/compare/compare-context.tsx';
import { FavouritesProvider } from './features/favourites/favourites-context.tsx';
import { CompareTraySlot } from './features/compare/compare-tray-slot.tsx';
import { ConnectivityWatcher } from './features/toasts/connectivity.tsx';
import { SessionProvider } from './features/session/session.tsx';
import { ToastProvider } from './features/toasts/toasts.tsx';
import { island } from './lib/island.tsx';
import { useAdFree } from './features/pass/ad-free.ts';
import stylesHref from './styles/app.css?url';
import scriptStylesHref from './styles/scripts.css?url';
import devanagariFontHref from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import accountStylesHref from './features/session/account.css?url';
import campaignStylesHref from './features/campaign/campaign.css?url';
import './context.ts';
import { NO_CONTACT } from '../shared/site-contact.ts';
import { PageLinks } from './styles/page-styles.tsx';
import { HTML_LANG, localeOfPath } from '../shared/locale.ts';
import { LocaleProvider, localeOfRequest } from './i18n/i18n.tsx';
import { common } from './i18n/common.ts';

// Most visits never show an error page: its code loads when one is needed.
const ErrorPage = lazy(() => import('./components/error-page.tsx').then((m) => ({ default: m.ErrorPage })));
// Nor a campaign page: it replaces the whole app only while a campaign is live (spec section 1).
const CampaignPage = lazy(() => import('./features/campaign/campaign-page.tsx'));
// Plain markup, rendered by the server; the first load carries none of their code (island.tsx).
const Footer = island(() => import('./components/footer.tsx').then((m) => m.Footer));
const AdTray = island(() => import('./features/pass/ad-tray.tsx').then((m) => m.AdTray));

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  // The fonts of the Indian scripts (decision 0044): @font-face rules only, fetched where a page shows them.
  { rel: 'stylesheet', href: scriptStylesHref },
  // The account screens and the user menu (in the top bar of every page).
  { rel: 'stylesheet', href: accountStylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The installable app (decision 0040): its manifest, and the home-screen icon iOS reads instead.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

/**
 * What every page may need from the server: which sign-in methods this site offers, the site's address (for
 * canonical URLs), the campaign that replaces the whole app, if one is live, and this page load's house ad
 * with whether the visitor's ReviewPass hides it (the ad-free cookie).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const adFree = context.adFree === true;
  const [campaign, ad] = await Promise.all([
    context.services.campaignReads.live(),
    adFree ? null : context.services.adReads.pick(),
  ]);
  return {
    // The page's language, from its address (decision 0042), for meta functions.
    locale: localeOfRequest(request),
    auth: { google: context.auth?.google === true },
    origin: context.origin,
    campaign,
    adFree,
    ad,
    // How to reach us (the settings), for the footer and the error page.
    contact: context.contact,
    payments: context.payments !== false,
    // How old the catalogue's prices are (issue 18): "Catalogue prices as of …" in the footer.
    catalogue: context.catalogueInfo ?? null,
  };
}

/** None of it changes between navigations: a campaign switched on shows from the next page load. */
export const shouldRevalidate = () => false;

export interface RouteHandle {
  /** Navigation highlight: home=1, browse=2, articles=3, recommendation=4. */
  nav?: number;
  /** A page that shows ads (listing, product and article pages; issue 8). */
  ads?: boolean;
}

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const root = useRouteLoaderData<typeof loader>('root');
  const campaign = root?.campaign;
  const handles = matches.map((m) => (m.handle ?? {}) as RouteHandle);
  const nav = handles.reduce((n, h) => h.nav ?? n, 0);
  // The page load's house ad, at the end of the page, unless the visitor's ReviewPass runs.
  const ad = !useAdFree() && handles.some((h) => h.ads) && root?.ad;
  // The Hindi site is the app under the basename /hi (decision 0042).
  const locale = localeOfPath(useHref('/'));
  // A Hindi page's text waits for no font swap: its Devanagari face is fetched with the page (scripts.css, decision 0044).
  // In the server's HTML only: the browser's own render would find it fetched already (and English first loads
  // carry none of it).
  if (import.meta.env.SSR && locale === 'hi')
    preload(devanagariFontHref, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  return (
    <html lang={HTML_LANG[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        {/* The campaign stands in for every page, with its own title (CampaignPage renders it). */}
        {!campaign && <Meta />}
        {/* The stylesheets inline in production, no request before the first paint (decision 0024). */}
        <PageLinks />
      </head>
      <body>
        <LocaleProvider value={locale}>
          <ToastProvider>
            <SessionProvider>
              <CompareProvider>
                <FavouritesProvider>
                  <SkipLink />
                  {campaign ? (
                    <main id="main" tabIndex={-1}>
                      <link rel="stylesheet" href={campaignStylesHref} precedence="default" />
                      <CampaignPage campaign={campaign} replacing />
                    </main>
                  ) : (
                    <>
                      <NavBar active={nav} />
                      <main id="main" tabIndex={-1}>
                        {children}
                        {ad && <AdTray key={ad.id} props={{ ad }} wake="never" />}
                      </main>
                      <Footer
                        props={{ contact: root?.contact ?? NO_CONTACT, catalogue: root?.catalogue ?? null }}
                        wake="never"
                      />
                      <CompareTraySlot />
                      <RouteAnnouncer />
                    </>
                  )}
                  <ConnectivityWatcher />
                </FavouritesProvider>
              </CompareProvider>
            </SessionProvider>
          </ToastProvider>
        </LocaleProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      {common.useT()('skipToContent')}
    </a>
  );
}

export default function App() {
  return <Outlet />;
}

/** 404s show the not-found page; anything else that crashes a render shows the maintenance page. */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="404" />;
  if (isRouteErrorResponse(error) && error.status < 500) {
    return <ErrorPage kind="400" message={typeof error.data === 'string' ? error.data : undefined} />;
  }
  return <ErrorPage kind="maintenance" supportEmail={loaderData?.contact.supportEmail} />;
}
