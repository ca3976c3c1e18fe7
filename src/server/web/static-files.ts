/**
 * How long browsers and proxies keep the build's static files. The hashed assets never change; the service worker
 * script and the app's manifest are checked at every use (decision 0040), so a new deploy reaches installed apps
 * at their next visit (browsers also cap a worker script's HTTP caching at 24 hours); other files for an hour.
 */
export function staticCacheControl(path: string): string {
  // The file sent may be a precompressed copy (`sw.js.br`): the rule is the original's.
  const name = path.replace(/\\/g, '/').replace(/\.(?:br|gz)$/, '');
  if (name.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (/\/(?:sw\.js|manifest\.webmanifest)$/.test(name)) return 'no-cache';
  return 'public, max-age=3600';
}
