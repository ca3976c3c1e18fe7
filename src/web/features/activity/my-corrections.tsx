import { useRef } from 'react';
import { Link } from 'react-router';
import { USER_API } from '../../../shared/constants.ts';
import type { CorrectionStatus, MyCorrections as MyCorrectionsPage } from '../../../shared/corrections.ts';
import { formatDate } from '../../../shared/format.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { ShowMore } from '../community/show-more.tsx';
import { usePagedList } from '../community/use-paged-list.ts';

const PAGE_SIZE = 10;

// The labels are here, not from corrections.ts, so the account page does not load the correction schemas.
const STATUS: Record<CorrectionStatus, [string, string]> = {
  pending: ['Waiting for an editor', 'report-open'],
  accepted: ['Accepted — thank you', 'report-acted'],
  declined: ['Declined', 'report-dismissed'],
};

/** The member's suggested corrections (GET /user/corrections), newest first, with status and decline reason. */
export function MyCorrections() {
  const api = useCommunityApi();
  const listRef = useRef<HTMLOListElement>(null);
  const list = usePagedList((page) =>
    api.get<MyCorrectionsPage>(`${USER_API}/user/corrections?page=${page}&size=${PAGE_SIZE}`),
  );
  return (
    <section className="account-card" aria-labelledby="my-corrections">
      <h2 id="my-corrections">
        Your corrections {list.total > 0 && <span className="muted">({list.total})</span>}
      </h2>
      {list.loading && !list.items.length && (
        <p role="status" className="muted">
          Loading your corrections…
        </p>
      )}
      {!list.loading && !list.error && list.total === 0 && (
        <p className="empty">
          You have not suggested any corrections. When a product page has a wrong or missing value, use its{' '}
          <strong>Suggest a correction</strong> button: editors check every suggestion and credit you when
          they apply it.
        </p>
      )}
      {list.items.length > 0 && (
        <ol className="my-reports my-corrections" ref={listRef}>
          {list.items.map((c) => {
            const [status, className] = STATUS[c.status];
            return (
              <li key={c.id}>
                <p className="my-report-what">
                  <Link to={c.product.link}>{c.product.name}</Link>: {c.field_name}
                  {c.variant && <> ({c.variant})</>} → <strong>{c.value}</strong>
                </p>
                <p className="muted small">
                  Suggested on <time dateTime={c.created_at}>{formatDate(c.created_at)}</time>
                </p>
                <p className="small">
                  <span className={`report-status ${className}`}>{status}</span>
                  {c.decided_at && (
                    <span className="muted">
                      {' '}
                      · <time dateTime={c.decided_at}>{formatDate(c.decided_at)}</time>
                    </span>
                  )}
                </p>
                {c.decline_reason && <p className="small correction-reason">Reason: {c.decline_reason}</p>}
              </li>
            );
          })}
        </ol>
      )}
      <ShowMore list={list} label="Show more corrections" listRef={listRef} />
    </section>
  );
}
