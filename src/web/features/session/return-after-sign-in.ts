/**
 * Where to go after a Google sign-in that a page started (deleting a Google account asks for a fresh one): kept
 * in this tab's session storage across the trip to the provider, read once by the landing page.
 */
const KEY = 'verdict.after-sign-in';

export function returnHereAfterSignIn(path: string): void {
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    // Storage blocked: the landing page goes to /home as usual.
  }
}

/** The path to go to, once; only a path on this site (never '//elsewhere' or a full URL). */
export function takeReturnPath(): string | null {
  let path: string | null = null;
  try {
    path = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  return path && /^\/(?![/\\])/.test(path) ? path : null;
}
