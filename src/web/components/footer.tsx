import { Link } from 'react-router';
import type { CatalogueInfo } from '../../shared/api-types.ts';
import { budgetPath, BUDGETS } from '../../shared/discovery.ts';
import { formatDate, formatPrice } from '../../shared/format.ts';
import type { SiteContact } from '../../shared/site-contact.ts';
import en from '../i18n/locales/en/footer.json';
import { messages, useLocale } from '../i18n/i18n.tsx';
import { LanguageSwitch } from './language-switch.tsx';

const LINKS = [
  { to: '/home', label: 'home' },
  { to: '/about', label: 'about' },
  { to: '/corporate', label: 'corporate' },
  { to: '/help-center', label: 'help' },
  { to: '/review-pass', label: 'pass' },
  { to: '/terms-of-service', label: 'terms' },
  { to: '/privacy-policy', label: 'privacy' },
  { to: '/community-guidelines', label: 'guidelines' },
  { to: '/how-reviews-work', label: 'howReviews' },
  { to: '/transparency', label: 'transparency' },
] as const;

/** The footer's texts: off the first load, with the footer (an island whose code the browser never loads). */
const footerTexts = messages('footer', en);

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
  const t = footerTexts.useT();
  const locale = useLocale();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <nav aria-label={t('nav')}>
          <ul className="footer-links">
            {LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{t(l.label)}</Link>
              </li>
            ))}
          </ul>
          {/* The budget lists (issue 24), where a search for "best phone under 20000" would start. */}
          <ul className="footer-links" aria-label={t('budgets')}>
            {BUDGETS.map((b) => (
              <li key={b}>
                <Link to={budgetPath(b)}>{t('bestUnder', { price: formatPrice(b, locale) })}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {socialLinks.length > 0 && (
          <ul className="footer-social" aria-label={t('socialLinks')}>
            {socialLinks.map((s) => (
              <li key={s.href}>
                <a href={s.href} rel="noopener noreferrer">
                  {t('verdictOn', { network: s.network })}
                </a>
              </li>
            ))}
          </ul>
        )}
        {supportEmail && (
          <p>
            {t('support')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
        )}
        {officer && (
          <p>
            {t('grievanceOfficer')} {officer.name}, <a href={`mailto:${officer.email}`}>{officer.email}</a>.{' '}
            {t('grievanceHours', { hours: officer.responseHours })}
          </p>
        )}
        <p className="muted">
          {t('freeForEveryone')}
          {catalogue?.prices_as_of && (
            <>
              {' '}
              <span className="catalogue-as-of">
                {t('pricesAsOf', { date: formatDate(catalogue.prices_as_of, locale) })}
              </span>
            </>
          )}
        </p>
        <LanguageSwitch className="language-switch-footer" />
      </div>
    </footer>
  );
}
