import { Link } from 'react-router';
import type { CatalogueInfo } from '../../shared/api-types.ts';
import { budgetPath, BUDGETS } from '../../shared/discovery.ts';
import { formatDate, formatPrice } from '../../shared/format.ts';
import type { SiteContact } from '../../shared/site-contact.ts';

const LINKS = [
  { to: '/home', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/corporate', label: 'Corporate' },
  { to: '/help-center', label: 'Help center' },
  { to: '/review-pass', label: 'ReviewPass' },
  { to: '/terms-of-service', label: 'Terms of service' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/community-guidelines', label: 'Community guidelines' },
  { to: '/how-reviews-work', label: 'How reviews work' },
  { to: '/transparency', label: 'Transparency report' },
];

/**
 * The footer: the site's pages, then the social links, support address and grievance officer that are set,
 * and how old the catalogue's prices are (issue 18), when the catalogue says.
 */
export function Footer({
  contact,
  catalogue = null,
}: {
  contact: SiteContact;
  catalogue?: CatalogueInfo | null;
}) {
  const { supportEmail, socialLinks, grievanceOfficer: officer } = contact;
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
          {/* The budget lists (issue 24), where a search for "best phone under 20000" would start. */}
          <ul className="footer-links" aria-label="Best phones by budget">
            {BUDGETS.map((b) => (
              <li key={b}>
                <Link to={budgetPath(b)}>{`Best phones under ${formatPrice(b)}`}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {socialLinks.length > 0 && (
          <ul className="footer-social" aria-label="Social links">
            {socialLinks.map((s) => (
              <li key={s.href}>
                <a href={s.href} rel="noopener noreferrer">
                  {`Verdict on ${s.network}`}
                </a>
              </li>
            ))}
          </ul>
        )}
        {supportEmail && (
          <p>
            Support: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
        )}
        {officer && (
          <p>
            Grievance officer: {officer.name}, <a href={`mailto:${officer.email}`}>{officer.email}</a>.
            {` Complaints are acknowledged within ${officer.responseHours} hours.`}
          </p>
        )}
        <p className="muted">
          Verdict is free for everyone. Prices are listing prices in Indian rupees at the time of the source
          data.
          {catalogue?.prices_as_of && (
            <>
              {' '}
              <span className="catalogue-as-of">
                Catalogue prices as of {formatDate(catalogue.prices_as_of)}.
              </span>
            </>
          )}
        </p>
      </div>
    </footer>
  );
}
