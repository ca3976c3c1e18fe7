import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatInstant, formatPrice } from '../../../shared/format.ts';
import type { Page } from '../../../shared/community-api.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import type { Transaction, TransactionState, Validity } from '../../../shared/payments.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { ShowMore } from '../community/show-more.tsx';
import { usePagedList } from '../community/use-paged-list.ts';
import { useAuthFetch } from '../session/api.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { passValidity } from './pass-api.ts';
import { passLength, passTexts } from './texts.ts';

/** The signed-in user's pass: running until when, forever, or none (the same answer the user menu asked for). */
export function PassStatus({ token }: { token: string }) {
  const [validity, setValidity] = useState<Validity | null>(null);
  const [error, setError] = useState<string | null>(null);
  const t = passTexts.useT();
  const locale = useLocale();
  useEffect(() => {
    passValidity(token).then(setValidity, (err: unknown) => !isSilent(err) && setError(errorMessage(err)));
  }, [token]);
  return (
    <section className="account-card" aria-labelledby="pass-status-heading">
      <h2 id="pass-status-heading">{t('yourPass')}</h2>
      <p role="status">
        {error ??
          (!validity
            ? t('checkingPass')
            : validity.forever
              ? t('adFreeForever')
              : validity.ad_free
                ? t('adFreeUntil', { date: formatInstant(validity.valid_until!, locale) })
                : t('noPass'))}
      </p>
    </section>
  );
}

/** Each state's label (keys of the pass catalogue). */
const STATE_LABELS = {
  paid: 'statePaid',
  pending: 'statePending',
  failed: 'stateFailed',
  canceled: 'stateCanceled',
} as const satisfies Record<TransactionState, string>;

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
  const t = passTexts.useT();
  const locale = useLocale();

  return (
    <section className="account-card" aria-labelledby="transactions-heading">
      <h2 id="transactions-heading">{t('transactions')}</h2>
      {!list.items.length ? (
        list.error ? (
          <p className="alert" role="alert">
            {list.error}
          </p>
        ) : (
          <p className="muted">{list.loading ? t('loading') : t('noPurchases')}</p>
        )
      ) : (
        <>
          <div className="table-scroll">
            <table className="transactions">
              <caption className="visually-hidden">{t('transactionsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('amount')}</th>
                  <th scope="col">{t('pass')}</th>
                  <th scope="col">{t('state')}</th>
                </tr>
              </thead>
              <tbody ref={rows}>
                {list.items.map((tx) => (
                  <tr key={tx.session_id}>
                    <td>
                      <Link to={`/shop/session/${tx.session_id}`}>
                        {formatInstant(tx.created_at, locale)}
                      </Link>
                    </td>
                    <td>{formatPrice(tx.amount, locale)}</td>
                    <td>{passLength(tx.days, t)}</td>
                    <td>
                      <span className={`pay-badge pay-badge-${tx.state}`}>{t(STATE_LABELS[tx.state])}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ShowMore list={list} label={t('showMore')} listRef={rows} />
        </>
      )}
    </section>
  );
}
