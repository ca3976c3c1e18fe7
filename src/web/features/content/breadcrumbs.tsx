import { Link } from 'react-router';
import { common } from '../../i18n/common.ts';

export interface Crumb {
  name: string;
  /** Omitted for the current page (the last crumb). */
  href?: string;
}

/** The trail above a page; the same trail goes into its BreadcrumbList structured data. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const t = common.useT();
  return (
    <nav aria-label={t('breadcrumb')} className="breadcrumb">
      <ol>
        {trail.map((c) => (
          <li key={c.name}>
            {c.href ? <Link to={c.href}>{c.name}</Link> : <span aria-current="page">{c.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
