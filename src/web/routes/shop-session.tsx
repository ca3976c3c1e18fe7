import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatInstant, formatPrice } from '../../shared/format.ts';
import type { Transaction, TransactionState } from '../../shared/payments.ts';
import { passValidity } from '../features/pass/pass-api.ts';
import { useBuyPass } from '../features/pass/buy-pass.tsx';
import passStylesHref from '../features/pass/pass.css?url';
import { passLength, passTexts } from '../features/pass/texts.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { useAuthFetch } from '../features/session/api.ts';
import { useRequireSession } from '../features/session/session.tsx';
import { errorMessage, isSilent } from '../lib/api.ts';
import { localeOf, type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/shop-session';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: passStylesHref }];

export const meta = (args: MetaContext) => {
  const t = passTexts.t(localeOf(args));
  return pageMeta(args, t('paymentMetaTitle'), t('paymentMetaDescription'), { noindex: true });
};

/** What each state says (PAYMENT_TEXTS, as keys of the pass catalogue). */
const PAYMENT_TEXTS = {
  paid: { title: 'paidTitle', body: 'paidBody' },
  pending: { title: 'pendingTitle', body: 'pendingBody' },
  failed: { title: 'failedTitle', body: 'failedBody' },
  canceled: { title: 'canceledTitle', body: 'canceledBody' },
} as const satisfies Record<TransactionState, { title: string; body: string }>;

/** How often a pending payment is asked about again, and for how long. */
const POLL_MS = 2500;
const POLL_FOR_MS = 10 * 60_000;

type Reply = { transaction: Transaction };

const checkPassAgain = (token: string) => void passValidity(token, true).catch(() => undefined);

/**
 * Where the checkout returns (spec section 3; issue 8): with the checkout's signature it validates the payment,
 * with `status=failed|canceled` it closes the purchase, otherwise it reads it; a pending payment is asked about
 * again until the provider's webhook settles it. The query is then dropped from the address.
 */
export default function ShopSession({ params }: Route.ComponentProps) {
  const { ready, token } = useRequireSession();
  const authFetch = useAuthFetch();
  const navigate = useNavigate();
  const [tx, setTx] = useState<Transaction | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** False once a pending payment has been asked about for POLL_FOR_MS; "Check again" starts a new round. */
  const [waiting, setWaiting] = useState(true);
  const [round, setRound] = useState(0);
  const retry = useBuyPass();
  const heading = useRef<HTMLHeadingElement>(null);
  const path = `/shop/session/${params.sessionId}`;
  const t = passTexts.useT();
  const locale = useLocale();

  useEffect(() => {
    if (!ready || !token) return;
    const query = new URLSearchParams(window.location.search);
    let stopped = false;
    const read = () => authFetch<Reply>(path);
    const first = async (): Promise<Reply> => {
      const signature = query.get('razorpay_signature');
      const status = query.get('status');
      if (signature) {
        return authFetch<Reply>('/order/validate', {
          method: 'POST',
          json: {
            razorpay_order_id: query.get('razorpay_order_id') ?? '',
            razorpay_payment_id: query.get('razorpay_payment_id') ?? '',
            razorpay_signature: signature,
          },
        });
      }
      if (status === 'failed' || status === 'canceled') {
        return authFetch<Reply>(`${path}/abandon`, { method: 'POST', json: { state: status } });
      }
      return read();
    };
    void (async () => {
      let transaction: Transaction;
      try {
        ({ transaction } = await first());
      } catch (err) {
        if (!stopped && !isSilent(err)) setError(errorMessage(err));
        return;
      }
      if (window.location.search) void navigate(path, { replace: true, preventScrollReset: true });
      const until = Date.now() + POLL_FOR_MS;
      while (!stopped) {
        setTx(transaction);
        // The pass it bought may add to one running: ask the server, which also writes the ad-free cookie.
        if (transaction.state === 'paid') checkPassAgain(token);
        if (transaction.state !== 'pending') break;
        if (Date.now() > until) {
          setWaiting(false);
          break;
        }
        await new Promise((done) => setTimeout(done, POLL_MS));
        // A check that fails (offline for a moment) keeps the last answer and tries again.
        if (!stopped)
          transaction = await read().then(
            (r) => r.transaction,
            () => transaction,
          );
      }
    })();
    return () => {
      stopped = true;
    };
  }, [ready, token, authFetch, navigate, path, round]);

  // Each new state is announced by moving focus to its heading.
  const state = tx?.state;
  useEffect(() => {
    if (state) heading.current?.focus();
  }, [state]);

  if (error) {
    return (
      <div className="account-page account-narrow pass-page">
        <h1 className="page-title">{t('payment')}</h1>
        <p className="alert" role="alert">
          {error}
        </p>
        <p>
          <Link to="/review-pass">{t('backToPass')}</Link>
        </p>
      </div>
    );
  }
  if (!tx) {
    return (
      <div className="account-page account-narrow pass-page">
        <h1 className="page-title">{t('payment')}</h1>
        <p role="status" className="muted">
          {t('checkingPayment')}
        </p>
      </div>
    );
  }
  const text = PAYMENT_TEXTS[tx.state];
  return (
    <div className="account-page account-narrow pass-page">
      <section className={`pay-state pay-state-${tx.state}`} aria-labelledby="pay-state-title">
        <h1 id="pay-state-title" ref={heading} tabIndex={-1}>
          {t(text.title)}
        </h1>
        <p>{t(text.body)}</p>
        <dl className="pay-facts">
          <dt>{t('amount')}</dt>
          <dd>{formatPrice(tx.amount, locale)}</dd>
          <dt>{t('pass')}</dt>
          <dd>{passLength(tx.days, t)}</dd>
          {tx.state === 'paid' && (
            <>
              <dt>{t('adFreeUntilLabel')}</dt>
              <dd>{tx.pass_ends_at ? formatInstant(tx.pass_ends_at, locale) : t('forever')}</dd>
            </>
          )}
        </dl>
        {tx.state === 'pending' &&
          (waiting ? (
            <p className="muted small" role="status">
              {t('checkingAgain')}
            </p>
          ) : (
            <p className="small" role="status">
              {t('noWord')}{' '}
              <button
                type="button"
                className="button button-small"
                onClick={() => {
                  setWaiting(true);
                  setRound((r) => r + 1);
                }}
              >
                {t('checkAgain')}
              </button>
            </p>
          ))}
        {retry.error && (
          <p className="alert" role="alert">
            {retry.error}
          </p>
        )}
        <p className="pay-actions">
          {tx.state === 'failed' || tx.state === 'canceled' ? (
            <button
              type="button"
              className="button button-primary"
              disabled={retry.busy}
              onClick={() => void retry.buy(tx.amount)}
            >
              {t('retryPurchase')}
            </button>
          ) : (
            <Link to="/home" className="button button-primary">
              {t('continue')}
            </Link>
          )}
          <Link to="/review-pass" className="button">
            {t('yourPass')}
          </Link>
        </p>
      </section>
    </div>
  );
}
