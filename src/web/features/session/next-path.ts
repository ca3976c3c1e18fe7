/**
 * Where to go after signing in: `?next=` when it is a path of this site (a save or another action sent the
 * visitor here from that page), else /home. Never another origin ("//host", "/\\host").
 */
export function safeNext(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) ? next : '/home';
}

/** The sign-in page that brings the visitor back to `path` afterwards. */
export const signInHref = (path: string) => `/sign-in?next=${encodeURIComponent(path)}`;
