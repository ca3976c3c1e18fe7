import { type FormEvent, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { USER_API } from '../../../shared/constants.ts';
import { formatPrice } from '../../../shared/format.ts';
import { ALERTS_PATH } from '../../../shared/price-alert-constants.ts';
import type { PriceAlertResult, PriceAlerts } from '../../../shared/price-alerts.ts';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useCommunityApi } from '../community/community-api.ts';
import { signInHref } from '../session/next-path.ts';
import { useSession } from '../session/session.tsx';
import { useToast } from '../toasts/toasts.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { alertTexts } from './texts.ts';

/**
 * "Tell me when it drops below ₹X" (issue 23) on a product page. Signed out, setting one goes to sign in and
 * back. Signed in, the member's alert on this model shows with a way to remove it; it fires once, in the bell
 * (and by email if they chose), when the catalogue records a lower price.
 */
export function PriceAlertForm({
  productId,
  name,
  price,
}: {
  productId: number;
  name: string;
  price: number | null;
}) {
  const api = useCommunityApi();
  const toast = useToast();
  const { token } = useSession();
  const navigate = useNavigate();
  const here = useLocation();
  const id = useId();
  const t = alertTexts.useT();
  const locale = useLocale();
  const [below, setBelow] = useState('');
  const [current, setCurrent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const url = `${USER_API}${ALERTS_PATH}/${productId}`;

  useEffect(() => {
    if (!token) return;
    api
      .get<PriceAlerts>(`${USER_API}${ALERTS_PATH}`)
      .then((r) => {
        const mine = r.alerts.find((a) => a.product_id === productId && !a.fired_at);
        setCurrent(mine ? mine.below : null);
      })
      .catch(() => {});
  }, [api, token, productId]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) {
      toast.show({ message: t('signInToAlert'), type: 'info' });
      void navigate(signInHref(here.pathname + here.search));
      return;
    }
    const amount = Number(below.replace(/[₹,\s]/g, ''));
    if (!Number.isInteger(amount) || amount < 1) {
      setError(t('wholeRupees'));
      return;
    }
    try {
      const r = await api.put<PriceAlertResult>(url, { below: amount });
      setCurrent(r.alert?.below ?? null);
      setError(null);
      setBelow('');
      toast.show({ message: t('set', { name, price: formatPrice(amount, locale) }), type: 'success' });
    } catch (err) {
      if (!isSilent(err)) setError(errorMessage(err));
    }
  };

  const remove = async () => {
    try {
      await api.del<PriceAlertResult>(url);
      setCurrent(null);
      toast.show({ message: t('removed', { name }), type: 'success' });
    } catch (err) {
      if (!isSilent(err)) toast.show({ message: errorMessage(err), type: 'error' });
    }
  };

  return (
    <section className="price-alert" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="section-title">
        {t('heading')}
      </h2>
      {current !== null && (
        <p className="price-alert-set">
          {t('youWillHear', { price: formatPrice(current, locale) })}{' '}
          <button type="button" className="text-button" onClick={() => void remove()}>
            {t('removeAlert')}
          </button>
        </p>
      )}
      <form className="price-alert-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={`${id}-below`}>{t('belowLabel')}</label>
        <input
          id={`${id}-below`}
          name="below"
          inputMode="numeric"
          autoComplete="off"
          placeholder={price ? String(Math.floor(price * 0.9)) : ''}
          value={below}
          onChange={(e) => setBelow(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="button">
          {current !== null ? t('changeAlert') : t('setAlert')}
        </button>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
