import type { WebLoadContext } from '../shared/web-context.ts';

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}

export type { WebLoadContext };
