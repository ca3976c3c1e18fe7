import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../shared/constants.ts';

const LINKS = [
  { to: '/home', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/corporate', label: 'Corporate' },
  { to: '/help-center', label: 'Help center' },
  { to: '/review-pass', label: 'ReviewPass' },
  { to: '/terms-of-service', label: 'Terms of service' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/community-guidelines', label: 'Community guidelines' },
];

const SOCIAL = [
  { href: 'https://x.com/verdict_in', label: 'Verdict on X' },
  { href: 'https://www.instagram.com/verdict_in', label: 'Verdict on Instagram' },
  { href: 'https://www.youtube.com/@verdict_in', label: 'Verdict on YouTube' },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <nav aria-label="Footer">
          <ul className="footer-links">
            {LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="footer-social" aria-label="Social links">
          {SOCIAL.map((s) => (
            <li key={s.href}>
              <a href={s.href} rel="noopener noreferrer">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
        <p>
          Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
        <p className="muted">
          Verdict is free for everyone. Prices are listing prices in Indian rupees at the time of the source
          data.
        </p>
      </div>
    </footer>
  );
}
