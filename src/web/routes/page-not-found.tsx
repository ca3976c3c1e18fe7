import { data } from 'react-router';
import { type MetaContext, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Page not found', 'The page you are looking for does not exist.', { noindex: true });

/** Every unknown path and /page-not-found answer with HTTP 404 and the not-found page (root ErrorBoundary). */
export function loader() {
  throw data('Not found', { status: 404 });
}

export default function PageNotFound() {
  return null;
}
