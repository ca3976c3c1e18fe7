import { useRouteLoaderData } from 'react-router';
import type { AuthOptions } from '../../../shared/web-context.ts';

/** The sign-in methods the server offers, from the root loader (nothing beyond passwords when it is missing). */
export function useAuthOptions(): AuthOptions {
  const data = useRouteLoaderData('root') as { auth?: AuthOptions } | undefined;
  return { google: data?.auth?.google === true };
}
