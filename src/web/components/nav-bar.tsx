import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { NAV_INDEX } from '../../shared/constants.ts';
import { SearchBox } from '../features/search/search-box.tsx';
import { useSession } from '../features/session/session.tsx';
import { useOpenWhile } from '../lib/use-open-while.ts';

const LINKS = [
  { to: '/home', label: 'Home', index: NAV_INDEX.home },
  { to: '/browse', label: 'Browse', index: NAV_INDEX.browse },
  {
    to: '/product-recommendation',
    label: 'Get Recommendations',
    index: NAV_INDEX.recommendation,
    signedIn: true,
  },
  { to: '/articles', label: 'Articles', index: NAV_INDEX.articles },
];

/** Only signed-in visitors need the menu: it loads after hydration, when the session is read. */
const UserMenu = lazy(() =>
  import('../features/session/user-menu.tsx').then((m) => ({ default: m.UserMenu })),
);

/** The top bar: collapses to a menu button under 1000 px. */
export function NavBar({ active }: { active: number }) {
  const location = useLocation();
  const [open, setOpen] = useOpenWhile(location.pathname + location.search);
  const { token } = useSession();

  return (
    <header className="top-bar">
      <div className="top-bar-inner">
        <Link to="/" className="logo" aria-label="Verdict, go to the landing page">
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path
              d="M8 10 L16 24 L24 10"
              stroke="#fff"
              strokeWidth="3.5"
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>Verdict</span>
        </Link>
        <SearchBox className="search-box-top" />
        <Link to="/search" className="search-link" aria-label="Search">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="2" fill="none" />
            <path d="M15.5 15.5 L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Link>
        <button
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen(!open)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>Menu</span>
        </button>
        <nav id="site-nav" className={open ? 'site-nav open' : 'site-nav'} aria-label="Main">
          <ul>
            {LINKS.filter((l) => !l.signedIn || token).map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="nav-link" aria-current={active === l.index ? 'page' : undefined}>
                  {l.label}
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
              Sign In
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
