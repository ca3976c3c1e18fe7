import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { USER_API } from '../../../shared/constants.ts';
import { formatDate, formatPrice } from '../../../shared/format.ts';
import { ALERTS_PATH, MAX_PRICE_ALERTS } from '../../../shared/price-alert-constants.ts';
import type { PriceAlert, PriceAlerts } from '../../../shared/price-alerts.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { useToast } from '../toasts/toasts.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { alertTexts } from './texts.ts';

/** The member's price alerts in My account (issue 23): what each waits for, today's price, and Remove. */
export function MyAlerts() {
  const api = useCommunityApi();
  const toast = useToast();
  const t = alertTexts.useT();
  const locale = useLocale();
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
      toast.show({ message: t('removed', { name: a.name }), type: 'success' });
    } catch (err) {
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    }
  };

  return (
    <section className="account-card" aria-labelledby="my-alerts" id="alerts">
      <h2 id="my-alerts">
        {t('listHeading')}{' '}
        {alerts && alerts.length > 0 && (
          <span className="muted">{t('countOf', { count: alerts.length, max: MAX_PRICE_ALERTS })}</span>
        )}
      </h2>
      {error && <p role="alert">{error}</p>}
      {alerts?.length === 0 && <p className="empty">{t('empty')}</p>}
      {alerts && alerts.length > 0 && (
        <ul className="alert-list">
          {alerts.map((a) => (
            <li key={a.product_id}>
              <Link to={`/product/${a.product_id}`}>{a.name}</Link>{' '}
              <span>
                {t('line', { below: formatPrice(a.below, locale), price: formatPrice(a.price, locale) })}
                {a.fired_at ? t('dropped', { date: formatDate(a.fired_at, locale) }) : ''}
              </span>{' '}
              <button type="button" className="text-button" onClick={() => void remove(a)}>
                {t('remove')} <span className="visually-hidden">{t('removeFor', { name: a.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
