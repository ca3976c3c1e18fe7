import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  ssr: true,
  // Tests build into a folder of their own so a build elsewhere cannot pull files from under a running server.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // All routes are known at first load (a small app): no lazy route-discovery requests.
  routeDiscovery: { mode: 'lazy' },
} satisfies Config;
