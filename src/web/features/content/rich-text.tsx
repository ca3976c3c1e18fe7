import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { pathWithoutLocale } from '../../../shared/locale.ts';

/**
 * HTML we wrote ourselves (src/content, rendered from Markdown on the server; never user text). Links to
 * pages of this site navigate in the app rather than reloading it.
 */
export function RichText({
  html,
  className = 'rich-text',
  lang,
}: {
  html: string;
  className?: string;
  /** The text's language where it differs from the page's (an English article on a Hindi page). */
  lang?: string | undefined;
}) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const link = (e.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//')) return;
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || link!.target) return;
    e.preventDefault();
    // A Hindi page's links carry /hi (for a new tab or no JS); the app's basename adds it back.
    void navigate(pathWithoutLocale(href));
  };
  // The container only delegates clicks on its links, which keep their own keyboard use.
  return (
    <div className={className} lang={lang} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
