import { useEffect, useState } from 'react';
import { formatPrice } from '../../shared/format.ts';
import { localizePath } from '../../shared/locale.ts';
import { TEST_OUTCOMES } from '../../shared/payments.ts';
import { accountFetch } from '../features/session/api.ts';
import passStylesHref from '../features/pass/pass.css?url';
import { passTexts } from '../features/pass/texts.ts';
import { useLocale } from '../i18n/i18n.tsx';
import { errorMessage } from '../lib/api.ts';
import { localeOf, type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/shop-checkout';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: passStylesHref }];

export const meta = (args: MetaContext) => {
  const t = passTexts.t(localeOf(args));
  return pageMeta(args, t('checkoutTitle'), t('checkoutDescription'), { noindex: true });
};

/** Each outcome's button (keys of the pass catalogue; paying names the amount). */
const LABELS = {
  success: 'outcomePay',
  pending: 'outcomePending',
  failed: 'outcomeFailed',
  canceled: 'outcomeCanceled',
} as const satisfies Record<(typeof TEST_OUTCOMES)[number], string>;

/**
 * The built-in test checkout (the embedded default payment provider; brief, section 5): stands where
 * Razorpay's hosted checkout would, and lets a tester choose what the payment does. The provider signs the
 * outcome exactly as Razorpay would, and the browser returns to /shop/session/{sessionId}.
 */
export default function ShopCheckout({ params }: Route.ComponentProps) {
  const [order, setOrder] = useState<{ id: string; amount: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = passTexts.useT();
  const locale = useLocale();
  const url = `/test-checkout/${params.orderId}`;

  useEffect(() => {
    accountFetch<{ order: { id: string; amount: number } }>(url).then(
      (r) => setOrder(r.order),
      (err: unknown) => setError(errorMessage(err)),
    );
  }, [url]);

  const choose = async (outcome: (typeof TEST_OUTCOMES)[number]) => {
    setBusy(true);
    try {
      const r = await accountFetch<{ redirect: string }>(url, { method: 'POST', json: { outcome } });
      // Back to the payment's page in the page's language.
      window.location.assign(r.redirect.startsWith('/') ? localizePath(r.redirect, locale) : r.redirect);
    } catch (err) {
      setBusy(false);
      setError(errorMessage(err));
    }
  };

  return (
    <div className="account-page account-narrow pass-page">
      <h1 className="page-title">{t('checkoutTitle')}</h1>
      <p className="alert">{t('checkoutNotice')}</p>
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : !order ? (
        <p role="status" className="muted">
          {t('loadingOrder')}
        </p>
      ) : (
        <section className="account-card" aria-labelledby="checkout-order">
          <h2 id="checkout-order">Verdict · ReviewPass</h2>
          <p>
            {t('amountLine')} <strong>{formatPrice(order.amount, locale)}</strong>
            <br />
            <span className="muted small">{t('order', { id: order.id })}</span>
          </p>
          <p>{t('chooseOutcome')}</p>
          <div className="pay-actions">
            {TEST_OUTCOMES.map((o) => (
              <button
                key={o}
                type="button"
                className={o === 'success' ? 'button button-primary' : 'button'}
                disabled={busy}
                onClick={() => void choose(o)}
              >
                {t(LABELS[o], { price: formatPrice(order.amount, locale) })}
              </button>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
