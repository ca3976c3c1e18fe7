import { data } from 'react-router';

/**
 * Every unknown path and /page-not-found answer with HTTP 404 and the not-found page (root ErrorBoundary), which
 * sets its title and noindex.
 */
export function loader() {
  throw data('Not found', { status: 404 });
}

export default function PageNotFound() {
  return null;
}
