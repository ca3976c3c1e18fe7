/**
 * A page's head as the server renders it, without a web build: its loader on a test app's services, then its
 * `meta` (the title, canonical address, Open Graph tags and JSON-LD).
 */
import type { MetaDescriptor } from 'react-router';
import type { TestContext } from './app.ts';

export interface PageModule {
  loader(args: never): unknown;
  meta(args: never): MetaDescriptor[];
}

/** A page's loader run as the server runs it, on this app's services: the page's data. */
export async function loadPage(
  t: TestContext,
  page: Pick<PageModule, 'loader'>,
  path: string,
  params: Record<string, string> = {},
): Promise<unknown> {
  const context = {
    services: t.services,
    origin: t.services.config.publicUrl,
    auth: { google: false },
    adFree: false,
    contact: t.services.config.contact,
    payments: false,
    catalogueInfo: { prices_as_of: null, newest_release: null },
    countView: () => undefined,
    countComparison: () => undefined,
    reportError: (err: unknown) => {
      throw err;
    },
  };
  const request = new Request(t.services.config.publicUrl + path);
  return page.loader({ request, params, context } as never);
}

/** A page's head as the server renders it: its loader on this app's services, then its meta. */
export async function pageHead(
  t: TestContext,
  page: PageModule,
  path: string,
  params: Record<string, string> = {},
): Promise<MetaDescriptor[]> {
  const origin = t.services.config.publicUrl;
  const data = await loadPage(t, page, path, params);
  return page.meta({
    data,
    params,
    location: { pathname: new URL(origin + path).pathname, search: '', hash: '', state: null, key: 'x' },
    matches: [{ id: 'root', data: { origin } }],
  } as never);
}

export const property = (head: MetaDescriptor[], name: string) =>
  head
    .filter((m) => (m as { property?: string }).property === name)
    .map((m) => (m as { content: string }).content);
export const named = (head: MetaDescriptor[], name: string) =>
  head.filter((m) => (m as { name?: string }).name === name).map((m) => (m as { content: string }).content);
