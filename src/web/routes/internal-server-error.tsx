import { data } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';

// ErrorPage sets the title and noindex.

export function loader() {
  return data(null, { status: 500 });
}

export default function InternalServerError() {
  return <ErrorPage kind="500" />;
}
