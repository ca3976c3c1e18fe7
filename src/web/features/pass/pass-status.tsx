import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatInstant, formatPrice } from '../../../shared/format.ts';
import type { Page } from '../../../shared/community-api.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import type { Transaction, TransactionState, Validity } from '../../../shared/payments.ts';
import { formatPassDays } from '../../../shared/review-pass.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { ShowMore } from '../community/show-more.tsx';
import { usePagedList } from '../community/use-paged-list.ts';
import { useAuthFetch } from '../session/api.ts';
import { passValidity } from './pass-api.ts';

/** The signed-in user's pass: running until when, forever, or none (the same answer the user menu asked for). */
export function PassStatus({ token }: { token: string }) {
  const [validity, setValidity] = useState<Validity | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    passValidity(token).then(setValidity, (err: unknown) => !isSilent(err) && setError(errorMessage(err)));
  }, [token]);
  return (
    <section className="account-card" aria-labelledby="pass-status-heading">
      <h2 id="pass-status-heading">Your ReviewPass</h2>
      <p role="status">
        {error ??
          (!validity
            ? 'Checking your pass…'
            : validity.forever
              ? 'Ad-free forever. Thank you!'
              : validity.ad_free
                ? `Ad-free until ${formatInstant(validity.valid_until!)}. A new pass adds its time from then.`
                : 'You have no ReviewPass running, so you see ads.')}
      </p>
    </section>
  );
}

const STATE_LABELS: Record<TransactionState, string> = {
  paid: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** The user's purchases, newest first, 10 at a time. */
export function Transactions() {
  const authFetch = useAuthFetch();
  const list = usePagedList(
    useCallback(
      (page: number) =>
        authFetch<Page<Transaction>>(`/get-transactions?page=${page}&size=${PAGE_SIZE.transaction}`),
      [authFetch],
    ),
  );
  const rows = useRef<HTMLTableSectionElement>(null);

  return (
    <section className="account-card" aria-labelledby="transactions-heading">
      <h2 id="transactions-heading">Your transactions</h2>
      {!list.items.length ? (
        list.error ? (
          <p className="alert" role="alert">
            {list.error}
          </p>
        ) : (
          <p className="muted">{list.loading ? 'Loading…' : 'No purchases yet.'}</p>
        )
      ) : (
        <>
          <div className="table-scroll">
            <table className="transactions">
              <caption className="visually-hidden">Your ReviewPass purchases, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Pass</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody ref={rows}>
                {list.items.map((t) => (
                  <tr key={t.session_id}>
                    <td>
                      <Link to={`/shop/session/${t.session_id}`}>{formatInstant(t.created_at)}</Link>
                    </td>
                    <td>{formatPrice(t.amount)}</td>
                    <td>{formatPassDays(t.days)}</td>
                    <td>
                      <span className={`pay-badge pay-badge-${t.state}`}>{STATE_LABELS[t.state]}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ShowMore list={list} label="Show more" listRef={rows} />
        </>
      )}
    </section>
  );
}
