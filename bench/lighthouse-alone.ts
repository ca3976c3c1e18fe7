/**
 * Lighthouse on its own, for development (`npm run build` first): the five pages with a Lighthouse budget (home,
 * browse, the most viewed phone in English and in Hindi, the newest article) on a PGlite server of its own, as `npm run bench` measures
 * them, with their budgets:
 *   node --import tsx bench/lighthouse-alone.ts
 */
import { join } from 'node:path';
import { checkBudgets } from './budgets.ts';
import { RUNS, runLighthouse } from './lighthouse.ts';
import { articlePath, popularPhone } from './pages.ts';
import { pageTable, reportStandalone } from './report.ts';
import { startServer, stopServer, waitReady } from './server.ts';
import { runStandalone } from './standalone.ts';

await runStandalone('Lighthouse', async ({ root, tmp, cwd, cleanups }) => {
  console.log('PGlite: migrations and catalogue import …');
  const server = await startServer('PGlite', root, cwd, { DATA_DIR: join(tmp, 'pglite') });
  cleanups.push(() => stopServer(server));
  await waitReady(server);
  const phone = await popularPhone(server.baseUrl);
  const pages = await runLighthouse(server.baseUrl, [
    ['home', '/home'],
    ['browse', '/browse'],
    ['product', `/product/${phone}`],
    ['product in Hindi', `/hi/product/${phone}`],
    ['article', await articlePath(server.baseUrl)],
  ]);
  const title = `Lighthouse 12 mobile (simulated throttling), PGlite server, median of ${RUNS} runs; KB = 1024 bytes`;
  reportStandalone(
    root,
    'lighthouse',
    pageTable(title, pages),
    checkBudgets(undefined, pages),
    'pages',
    pages,
  );
});
