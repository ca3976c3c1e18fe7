import { data } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { type MetaContext, pageMeta } from '../lib/meta.ts';

export const meta = (args: MetaContext) =>
  pageMeta(args, '500', 'Something went wrong on our side.', { noindex: true });

export function loader() {
  return data(null, { status: 500 });
}

export default function InternalServerError() {
  return <ErrorPage kind="500" />;
}
