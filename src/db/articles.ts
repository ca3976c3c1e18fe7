import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export interface ArticleRow {
  id: number;
  slug: string;
  title: string;
  /** YYYY-MM-DD. */
  publishDate: string;
}

/**
 * Start-up: a row for every bundled article (src/content/articles), whose title and date follow the bundle
 * while its counters are kept. Rows of articles no longer bundled stay, with their comments, in case the
 * article comes back.
 */
export async function syncArticles(db: Db, bundled: ArticleRow[]): Promise<void> {
  for (const a of bundled) {
    await db.execute(sql`INSERT INTO articles (id, slug, title, published_at)
      VALUES (${a.id}, ${a.slug}, ${a.title}, ${a.publishDate})
      ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, title = EXCLUDED.title,
        published_at = EXCLUDED.published_at`);
  }
}
