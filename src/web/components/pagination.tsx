import { Link } from 'react-router';
import { browseTexts } from './browse/texts.ts';

/** Page links; `page` is 0-based like the API, shown 1-based. */
export function Pagination({
  page,
  size,
  total,
  href,
}: {
  page: number;
  size: number;
  total: number;
  href: (page: number) => string;
}) {
  const t = browseTexts.useT();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const around = [page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 0 && p < pages);
  const shown = [...new Set([0, ...around, pages - 1])].sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={t('pages')}>
      {page > 0 ? (
        <Link to={href(page - 1)} rel="prev">
          {t('previous')}
        </Link>
      ) : (
        <span aria-disabled="true">{t('previous')}</span>
      )}
      <ul>
        {shown.map((p, i) => (
          <li key={p}>
            {i > 0 && p - shown[i - 1]! > 1 && <span aria-hidden="true">…</span>}
            <Link
              to={href(p)}
              aria-current={p === page ? 'page' : undefined}
              aria-label={t('pageNumber', { page: p + 1 })}
            >
              {p + 1}
            </Link>
          </li>
        ))}
      </ul>
      {page < pages - 1 ? (
        <Link to={href(page + 1)} rel="next">
          {t('next')}
        </Link>
      ) : (
        <span aria-disabled="true">{t('next')}</span>
      )}
    </nav>
  );
}
