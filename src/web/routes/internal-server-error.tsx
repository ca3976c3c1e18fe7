import { data } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = () => pageMeta('500', 'Something went wrong on our side.');

export function loader() {
  return data(null, { status: 500 });
}

export default function InternalServerError() {
  return <ErrorPage kind="500" />;
}
