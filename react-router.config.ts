import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  ssr: true,
  // Tests build into a folder of their own so a build elsewhere cannot pull files from under a running server.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // A page's manifest lists only the routes it matched (a smaller first load); React Router asks /__manifest
  // for the routes of the page's links once it has loaded.
  routeDiscovery: { mode: 'lazy' },
  // React Router 8's behaviour now, where nothing of ours depends on the old one. Not yet: v8_middleware (the load
  // context would have to become a RouterContextProvider) and v8_passThroughRequests (loaders would see the
  // `.data` URLs of client navigations: info-page.tsx reads its slug from the path).
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
