import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../shared/format.ts';
import type { Page } from '../../../shared/community-api.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import type { Transaction, TransactionState, Validity } from '../../../shared/payments.ts';
import { formatPassDays } from '../../../shared/review-pass.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useAuthFetch } from '../session/api.ts';
import { setAdFree } from './ad-free.ts';
import { formatDate } from './dates.ts';

/** The signed-in user's pass: running until when, forever, or none. */
export function PassStatus() {
  const authFetch = useAuthFetch();
  const [validity, setValidity] = useState<Validity | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    authFetch<Validity>('/subscription-validity').then(
      (v) => {
        setValidity(v);
        setAdFree(v.ad_free);
      },
      (err: unknown) => !isSilent(err) && setError(errorMessage(err)),
    );
  }, [authFetch]);
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
                ? `Ad-free until ${formatDate(validity.valid_until!)}. A new pass adds its time from then.`
                : 'You have no ReviewPass running, so you see ads.')}
      </p>
    </section>
  );
}

export const STATE_LABELS: Record<TransactionState, string> = {
  paid: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** The user's purchases, newest first, 10 at a time. */
export function Transactions() {
  const authFetch = useAuthFetch();
  const [items, setItems] = useState<Transaction[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    authFetch<Page<Transaction>>(`/get-transactions?page=${page}&size=${PAGE_SIZE.transaction}`).then(
      (r) => {
        setItems((now) => [...(page ? (now ?? []) : []), ...r.items]);
        setTotal(r.total);
      },
      (err: unknown) => !isSilent(err) && setError(errorMessage(err)),
    );
  }, [authFetch, page]);

  return (
    <section className="account-card" aria-labelledby="transactions-heading">
      <h2 id="transactions-heading">Your transactions</h2>
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : !items ? (
        <p className="muted">Loading…</p>
      ) : !items.length ? (
        <p className="muted">No purchases yet.</p>
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
              <tbody>
                {items.map((t) => (
                  <tr key={t.session_id}>
                    <td>
                      <Link to={`/shop/session/${t.session_id}`}>{formatDate(t.created_at)}</Link>
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
          {items.length < total && (
            <button type="button" className="button" onClick={() => setPage((p) => p + 1)}>
              Show more
            </button>
          )}
        </>
      )}
    </section>
  );
}
