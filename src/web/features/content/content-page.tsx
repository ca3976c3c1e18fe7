import type { ReactNode } from 'react';
import type { ContentPage } from '../../../shared/content-api.ts';
import { formatDate } from '../../../shared/format.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { RichText } from './rich-text.tsx';
import { contentTexts } from './texts.ts';

/** A legal, company or help page: its title, its date where it has one, and its text. */
export function ContentArticle({
  page,
  heading: Heading = 'h1',
  children,
}: {
  page: ContentPage;
  /** h2 where the page is a section of another (/about under the landing page). */
  heading?: 'h1' | 'h2';
  children?: ReactNode;
}) {
  const locale = useLocale();
  const t = contentTexts.useT();
  return (
    <article className="prose content-page" aria-labelledby="content-title">
      <Heading id="content-title">{page.title}</Heading>
      {page.updated && (
        <p className="muted">
          {t('lastUpdated')} <time dateTime={page.updated}>{formatDate(page.updated, locale)}</time>
        </p>
      )}
      {page.effective && (
        <p className="muted">
          {t('effectiveFrom')} <time dateTime={page.effective}>{formatDate(page.effective, locale)}</time>
        </p>
      )}
      {/* Under an h2, the page's own sections move down a level. */}
      <RichText
        html={
          Heading === 'h1'
            ? page.html
            : page.html.replace(
                /<(\/?)h([2-5])\b/g,
                (_, slash: string, n: string) => `<${slash}h${Number(n) + 1}`,
              )
        }
      />
      {children}
    </article>
  );
}
