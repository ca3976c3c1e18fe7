import { useRef } from 'react';
import { Link } from 'react-router';
import { USER_API } from '../../../shared/constants.ts';
import type { CorrectionStatus, MyCorrections as MyCorrectionsPage } from '../../../shared/corrections.ts';
import { formatDate } from '../../../shared/format.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { ShowMore } from '../community/show-more.tsx';
import { usePagedList } from '../community/use-paged-list.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { activityTexts } from './texts.ts';

const PAGE_SIZE = 10;

// The labels are here, not from corrections.ts, so the account page does not load the correction schemas.
const STATUS = {
  pending: ['statusPending', 'report-open'],
  accepted: ['statusAccepted', 'report-acted'],
  declined: ['statusDeclined', 'report-dismissed'],
} as const satisfies Record<CorrectionStatus, [string, string]>;

/** The member's suggested corrections (GET /user/corrections), newest first, with status and decline reason. */
export function MyCorrections() {
  const api = useCommunityApi();
  const t = activityTexts.useT();
  const locale = useLocale();
  const listRef = useRef<HTMLOListElement>(null);
  const list = usePagedList((page) =>
    api.get<MyCorrectionsPage>(`${USER_API}/user/corrections?page=${page}&size=${PAGE_SIZE}`),
  );
  return (
    <section className="account-card" aria-labelledby="my-corrections">
      <h2 id="my-corrections">
        {t('yourCorrections')} {list.total > 0 && <span className="muted">({list.total})</span>}
      </h2>
      {list.loading && !list.items.length && (
        <p role="status" className="muted">
          {t('loadingCorrections')}
        </p>
      )}
      {!list.loading && !list.error && list.total === 0 && (
        <p className="empty">
          {t('noCorrections')}
          <strong>{t('noCorrectionsButton')}</strong>
          {t('noCorrectionsAfter')}
        </p>
      )}
      {list.items.length > 0 && (
        <ol className="my-reports my-corrections" ref={listRef}>
          {list.items.map((c) => {
            const [statusKey, className] = STATUS[c.status];
            const status = t(statusKey);
            return (
              <li key={c.id}>
                <p className="my-report-what">
                  <Link to={c.product.link}>{c.product.name}</Link>: {c.field_name}
                  {c.variant && <> ({c.variant})</>} → <strong>{c.value}</strong>
                </p>
                <p className="muted small">
                  {t('suggestedOn')}
                  <time dateTime={c.created_at}>{formatDate(c.created_at, locale)}</time>
                </p>
                <p className="small">
                  <span className={`report-status ${className}`}>{status}</span>
                  {c.decided_at && (
                    <span className="muted">
                      {' '}
                      · <time dateTime={c.decided_at}>{formatDate(c.decided_at, locale)}</time>
                    </span>
                  )}
                </p>
                {c.decline_reason && (
                  <p className="small correction-reason">{t('reasonText', { reason: c.decline_reason })}</p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <ShowMore list={list} label={t('showMoreCorrections')} listRef={listRef} />
    </section>
  );
}
