import { Link } from 'react-router';
import { ErrorPage } from '../error-page.tsx';

/**
 * The browse page's error boundary (a page past the last: not found; filters the loader refused: why, and a way
 * out). Loaded only when the page shows it.
 */
export default function BrowseError({ notFound, data }: { notFound: boolean; data: unknown }) {
  if (notFound) return <ErrorPage kind="404" />;
  const message = typeof data === 'string' ? data : 'These filters could not be applied.';
  return (
    <div className="page">
      <h1 className="page-title">Browse</h1>
      <p role="alert" className="alert">
        {message}
      </p>
      <Link to="/browse" className="button">
        Clear all filters
      </Link>
    </div>
  );
}
