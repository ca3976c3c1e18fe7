import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NAV_INDEX } from '../../shared/constants.ts';
import { SearchBox } from '../features/search/search-box.tsx';
import { useSession } from '../features/session/session.tsx';
import { common } from '../i18n/common.ts';
import { LanguageSwitch } from './language-switch.tsx';

type NavLabel = 'navHome' | 'navBrowse' | 'navRecommendations' | 'navArticles';

const LINKS: { to: string; label: NavLabel; index: number; signedIn?: boolean }[] = [
  { to: '/home', label: 'navHome', index: NAV_INDEX.home },
  { to: '/browse', label: 'navBrowse', index: NAV_INDEX.browse },
  {
    to: '/product-recommendation',
    label: 'navRecommendations',
    index: NAV_INDEX.recommendation,
    signedIn: true,
  },
  { to: '/articles', label: 'navArticles', index: NAV_INDEX.articles },
];

/** Only signed-in visitors need the menu: it loads after hydration, when the session is read. */
const UserMenu = lazy(() =>
  import('../features/session/user-menu.tsx').then((m) => ({ default: m.UserMenu })),
);

/** The bell, for signed-in visitors only: off the first load too. */
const NotificationBell = lazy(() =>
  import('../features/notifications/bell.tsx').then((m) => ({ default: m.NotificationBell })),
);

/** The top bar: collapses to a menu button under 1000 px. */
export function NavBar({ active }: { active: number }) {
  const location = useLocation();
  // The menu remembers the page it was opened on, so it is closed on any other.
  const here = location.pathname + location.search;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === here;
  const { token } = useSession();
  const menuButton = useRef<HTMLButtonElement>(null);
  const t = common.useT();

  return (
    <header
      className="top-bar"
      onKeyDown={(e) => {
        // Escape closes the small-screen menu (after what handles it first: the user menu, the suggestions).
        if (e.key !== 'Escape' || !open || e.defaultPrevented) return;
        e.preventDefault();
        setOpenOn(null);
        menuButton.current?.focus();
      }}
    >
      <div className="top-bar-inner">
        {/* The icons are the favicon and CSS masks (app.css): markup, not JavaScript, on every first load. */}
        <Link to="/" className="logo" aria-label={t('logoLabel')}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Verdict</span>
        </Link>
        {/* /search is a search box: a second one here would be a second, identical search landmark. */}
        {location.pathname !== '/search' && <SearchBox className="search-box-top" />}
        <Link to="/search" className="search-link mask-icon" aria-label={t('search')} />
        {token && (
          <Suspense fallback={<span className="bell-placeholder" />}>
            <NotificationBell />
          </Suspense>
        )}
        <button
          ref={menuButton}
          type="button"
          className="menu-button mask-icon"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpenOn(open ? null : here)}
        >
          {t('menu')}
        </button>
        <nav id="site-nav" className={open ? 'site-nav open' : 'site-nav'} aria-label={t('navMain')}>
          <ul>
            {LINKS.filter((l) => !l.signedIn || token).map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="nav-link" aria-current={active === l.index ? 'page' : undefined}>
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
          {token ? (
            <Suspense fallback={<span className="user-menu-placeholder" />}>
              <UserMenu />
            </Suspense>
          ) : (
            <Link to="/sign-in" className="button button-primary sign-in">
              {t('signIn')}
            </Link>
          )}
          <LanguageSwitch className="language-switch-top" />
        </nav>
      </div>
    </header>
  );
}
