import { useLocation } from 'react-router';
import { LANGUAGE_NAMES, LOCALES } from '../../shared/locale.ts';
import { useLocale } from '../i18n/i18n.tsx';

/**
 * The language switch (issue 25): a link to this same page in the other language, through `/language`, which
 * remembers the choice (server/web/language.ts). A plain link: a new document, in the other language's
 * catalogues, and it works without JavaScript.
 */
export function LanguageSwitch({ className }: { className: string }) {
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const other = LOCALES.find((l) => l !== locale)!;
  const next = encodeURIComponent(pathname + search);
  return (
    <a
      className={`language-switch ${className}`}
      href={`/language?to=${other}&next=${next}`}
      hrefLang={other}
      lang={other}
    >
      {LANGUAGE_NAMES[other]}
    </a>
  );
}
