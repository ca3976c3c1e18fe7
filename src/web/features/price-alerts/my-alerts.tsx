import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { USER_API } from '../../../shared/constants.ts';
import { formatDate, formatPrice } from '../../../shared/format.ts';
import { ALERT_TEXTS, ALERTS_PATH, MAX_PRICE_ALERTS } from '../../../shared/price-alert-constants.ts';
import type { PriceAlert, PriceAlerts } from '../../../shared/price-alerts.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { useToast } from '../toasts/toasts.tsx';

/** The member's price alerts in My account (issue 23): what each waits for, today's price, and Remove. */
export function MyAlerts() {
  const api = useCommunityApi();
  const toast = useToast();
  const [alerts, setAlerts] = useState<PriceAlert[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<PriceAlerts>(`${USER_API}${ALERTS_PATH}`)
      .then((r) => setAlerts(r.alerts))
      .catch((err: unknown) => !isSilent(err) && setError(errorMessage(err)));
  }, [api]);

  const remove = async (a: PriceAlert) => {
    try {
      await api.del(`${USER_API}${ALERTS_PATH}/${a.product_id}`);
      setAlerts((list) => list?.filter((x) => x.product_id !== a.product_id) ?? null);
      toast.show({ message: ALERT_TEXTS.removed(a.name), type: 'success' });
    } catch (err) {
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    }
  };

  return (
    <section className="account-card" aria-labelledby="my-alerts" id="alerts">
      <h2 id="my-alerts">
        Price alerts{' '}
        {alerts && alerts.length > 0 && (
          <span className="muted">
            ({alerts.length} of {MAX_PRICE_ALERTS})
          </span>
        )}
      </h2>
      {error && <p role="alert">{error}</p>}
      {alerts?.length === 0 && (
        <p className="empty">No alerts yet. On a phone’s page, ask to hear when it drops below your price.</p>
      )}
      {alerts && alerts.length > 0 && (
        <ul className="alert-list">
          {alerts.map((a) => (
            <li key={a.product_id}>
              <Link to={`/product/${a.product_id}`}>{a.name}</Link>{' '}
              <span>
                below {formatPrice(a.below)} · today {formatPrice(a.price)}
                {a.fired_at ? ` · dropped on ${formatDate(a.fired_at)}` : ''}
              </span>{' '}
              <button type="button" className="text-button" onClick={() => void remove(a)}>
                Remove <span className="visually-hidden">the alert for {a.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
