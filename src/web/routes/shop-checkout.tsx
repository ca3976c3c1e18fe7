import { useEffect, useState } from 'react';
import { formatPrice } from '../../shared/format.ts';
import { TEST_OUTCOMES } from '../../shared/payments.ts';
import { accountFetch } from '../features/session/api.ts';
import passStylesHref from '../features/pass/pass.css?url';
import { errorMessage } from '../lib/api.ts';
import { type MetaContext, pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/shop-checkout';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: passStylesHref }];

export const meta = (args: MetaContext) =>
  pageMeta(args, 'Test checkout', 'The built-in test checkout: no money moves.', { noindex: true });

const LABELS: Record<(typeof TEST_OUTCOMES)[number], string> = {
  success: 'Pay',
  pending: 'Leave it pending',
  failed: 'Make it fail',
  canceled: 'Cancel',
};

/**
 * The built-in test checkout (the embedded default payment provider; brief, section 5): stands where
 * Razorpay's hosted checkout would, and lets a tester choose what the payment does. The provider signs the
 * outcome exactly as Razorpay would, and the browser returns to /shop/session/{sessionId}.
 */
export default function ShopCheckout({ params }: Route.ComponentProps) {
  const [order, setOrder] = useState<{ id: string; amount: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
      window.location.assign(r.redirect);
    } catch (err) {
      setBusy(false);
      setError(errorMessage(err));
    }
  };

  return (
    <div className="account-page account-narrow pass-page">
      <h1 className="page-title">Test checkout</h1>
      <p className="alert">
        This is Verdict&apos;s built-in test checkout: no money moves. A site with Razorpay keys shows
        Razorpay&apos;s checkout here instead.
      </p>
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : !order ? (
        <p role="status" className="muted">
          Loading the order…
        </p>
      ) : (
        <section className="account-card" aria-labelledby="checkout-order">
          <h2 id="checkout-order">Verdict · ReviewPass</h2>
          <p>
            Amount: <strong>{formatPrice(order.amount)}</strong>
            <br />
            <span className="muted small">Order {order.id}</span>
          </p>
          <p>Choose what this payment does:</p>
          <div className="pay-actions">
            {TEST_OUTCOMES.map((o) => (
              <button
                key={o}
                type="button"
                className={o === 'success' ? 'button button-primary' : 'button'}
                disabled={busy}
                onClick={() => void choose(o)}
              >
                {o === 'success' ? `${LABELS[o]} ${formatPrice(order.amount)}` : LABELS[o]}
              </button>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
