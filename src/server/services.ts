import { isbot } from 'isbot';
import type { Database } from '../db/client.ts';
import type { WebServices } from '../shared/web-context.ts';
import type { Config } from './config.ts';
import { CatalogueService } from './modules/catalogue/service.ts';
import { ViewCounter } from './modules/catalogue/view-counter.ts';
import { SearchService } from './modules/search/service.ts';

export interface Services extends WebServices {
  database: Database;
  config: Config;
  catalogue: CatalogueService;
  views: ViewCounter;
  search: SearchService;
  isBot(userAgent: string | null | undefined): boolean;
}

export function createServices(
  database: Database,
  config: Config,
  onError: (err: unknown) => void,
): Services {
  const views = new ViewCounter(database.db, onError);
  const isBot = (ua: string | null | undefined) => !ua || isbot(ua);
  return {
    database,
    config,
    catalogue: new CatalogueService(database.db),
    views,
    search: new SearchService(database.db, { cacheMs: config.searchCacheMs }),
    isBot,
    recordView: (productId, userAgent) => {
      if (!isBot(userAgent)) views.record(productId);
    },
  };
}
