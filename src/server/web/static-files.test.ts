import { describe, expect, it } from 'vitest';
import { staticCacheControl } from './static-files.ts';

describe('static files’ Cache-Control', () => {
  it('keeps hashed assets for a year', () => {
    expect(staticCacheControl('/srv/build/client/assets/entry.client-AbC123.js')).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('has the service worker and the manifest checked at every use', () => {
    expect(staticCacheControl('/srv/build/client/sw.js')).toBe('no-cache');
    expect(staticCacheControl('C:\\srv\\build\\client\\sw.js')).toBe('no-cache');
    // The copies compressed at build time, which the server sends to browsers that accept them.
    expect(staticCacheControl('/srv/build/client/sw.js.br')).toBe('no-cache');
    expect(staticCacheControl('/srv/build/client/sw.js.gz')).toBe('no-cache');
    expect(staticCacheControl('/srv/build/client/manifest.webmanifest')).toBe('no-cache');
  });

  it('keeps other files an hour', () => {
    for (const file of ['favicon.svg', 'icons/icon-192.png', 'offline.html', 'ads/x.svg', 'assets-sw.js'])
      expect(staticCacheControl(`/srv/build/client/${file}`), file).toBe('public, max-age=3600');
  });
});
