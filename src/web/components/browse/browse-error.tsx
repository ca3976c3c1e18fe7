import { Link } from 'react-router';
import { ErrorPage } from '../error-page.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { browseTexts } from './texts.ts';

/**
 * The browse page's error boundary (a page past the last: not found; filters the loader refused: why, and a way
 * out). Loaded only when the page shows it.
 */
export default function BrowseError({ notFound, data }: { notFound: boolean; data: unknown }) {
  const t = browseTexts.useT();
  const locale = useLocale();
  if (notFound) return <ErrorPage kind="404" />;
  // The loader's reasons are in English: a Hindi page says it in its own words.
  const message = typeof data === 'string' && locale === 'en' ? data : t('filtersFailed');
  return (
    <div className="page">
      <h1 className="page-title">{t('errorHeading')}</h1>
      <p role="alert" className="alert">
        {message}
      </p>
      <Link to="/browse" className="button">
        {t('clearAllFilters')}
      </Link>
    </div>
  );
}
