import { Link } from 'react-router';

export interface Crumb {
  name: string;
  /** Omitted for the current page (the last crumb). */
  href?: string;
}

/** The trail above a page; the same trail goes into its BreadcrumbList structured data. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
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
