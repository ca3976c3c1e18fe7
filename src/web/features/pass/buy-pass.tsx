import { type FormEvent, useId, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { formatPrice } from '../../../shared/format.ts';
import { type Checkout, InitiateTransactionSchema, type Transaction } from '../../../shared/payments.ts';
import { PASS_AMOUNT, PASS_OPTIONS, PASS_PRICE, passDays } from '../../../shared/review-pass.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { errorMessage, isSilent } from '../../lib/api.ts';
import { useAuthFetch } from '../session/api.ts';
import { useSession } from '../session/session.tsx';
import { goToCheckout } from './pass-api.ts';
import { passLength, passTexts } from './texts.ts';

interface Started {
  transaction: Transaction;
  checkout: Checkout;
}

/** Starts a purchase of `amount` rupees and sends the browser to pay; the hook's error says why it could not. */
export function useBuyPass() {
  const authFetch = useAuthFetch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buy = async (amount: number) => {
    setBusy(true);
    setError(null);
    try {
      const started = await authFetch<Started>('/initiate-transaction', { method: 'POST', json: { amount } });
      goToCheckout(started.checkout);
    } catch (err) {
      setBusy(false);
      if (!isSilent(err)) setError(errorMessage(err));
    }
  };
  return { buy, busy, error };
}

const OTHER = 'other';

/**
 * The pass options (spec section 9) as a radio group, ₹65 for 30 days chosen, and any other amount as a
 * donation with what it buys shown as it is typed. The amount is checked with the route's own schema.
 */
export function BuyPass() {
  // Whether the site takes payments at all (Razorpay or the test checkout); the root loader says.
  const payments = useRouteLoaderData<{ payments?: boolean }>('root')?.payments !== false;
  return payments ? <BuyPassForm /> : <PaymentsUnavailable />;
}

/** Production without a payment provider: nothing to buy with, said plainly instead of a form that fails. */
function PaymentsUnavailable() {
  const t = passTexts.useT();
  return (
    <section className="account-card pass-buy" aria-labelledby="pass-unavailable">
      <h2 id="pass-unavailable">{t('buyHeading')}</h2>
      <p className="alert" role="status">
        {t('unavailable')}
      </p>
    </section>
  );
}

function BuyPassForm() {
  const { ready, token } = useSession();
  const { buy, busy, error } = useBuyPass();
  const t = passTexts.useT();
  const locale = useLocale();
  const [choice, setChoice] = useState(String(PASS_PRICE));
  const [other, setOther] = useState('');
  const [touched, setTouched] = useState(false);
  const id = useId();
  const amount = choice === OTHER ? Number(other) : Number(choice);
  const checked = InitiateTransactionSchema.safeParse({
    amount: choice === OTHER && !other.trim() ? NaN : amount,
  });
  // The schema's one message (PASS_AMOUNT_MESSAGE), in the page's language.
  const invalid = checked.success ? undefined : t('amountError', { min: PASS_AMOUNT.min });
  // The hint says what an amount buys; the message shows once the field has been left.
  const shownError = touched ? invalid : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!invalid && !busy) void buy(amount);
  };

  return (
    <form className="account-card pass-buy" onSubmit={submit} noValidate>
      <h2>{t('buyHeading')}</h2>
      <fieldset className="pass-options">
        <legend>{t('chooseHowLong')}</legend>
        {PASS_OPTIONS.map((o) => (
          <label key={o.amount} className="pass-option">
            <input
              type="radio"
              name="amount"
              value={o.amount}
              checked={choice === String(o.amount)}
              onChange={() => setChoice(String(o.amount))}
            />
            <span className="pass-option-price">{formatPrice(o.amount, locale)}</span>
            <span className="pass-option-days">{passLength(o.days, t)}</span>
          </label>
        ))}
        <label className="pass-option">
          <input
            type="radio"
            name="amount"
            value={OTHER}
            checked={choice === OTHER}
            onChange={() => setChoice(OTHER)}
          />
          <span className="pass-option-price">{t('anotherAmount')}</span>
          <span className="pass-option-days">{t('donation')}</span>
        </label>
      </fieldset>
      {choice === OTHER && (
        <div className="form-field">
          <label htmlFor={`${id}-amount`}>{t('amountLabel')}</label>
          <input
            id={`${id}-amount`}
            type="number"
            inputMode="decimal"
            min={1}
            step="0.01"
            value={other}
            onChange={(e) => setOther(e.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${id}-amount-hint${shownError ? ` ${id}-amount-error` : ''}`}
          />
          <p id={`${id}-amount-hint`} className="field-hint">
            {invalid
              ? t('bandsHint')
              : t('buysHint', {
                  price: formatPrice(amount, locale),
                  length: passLength(passDays(amount), t),
                })}
          </p>
          {shownError && (
            <p id={`${id}-amount-error`} className="field-error" role="alert">
              {shownError}
            </p>
          )}
        </div>
      )}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {ready && token ? (
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {busy
            ? t('startingCheckout')
            : invalid
              ? t('buy')
              : t('buyFor', { price: formatPrice(amount, locale) })}
        </button>
      ) : (
        <p>
          <Link to="/sign-in" className="button button-primary">
            {t('signInToBuy')}
          </Link>{' '}
          <span className="muted">{t('goesWithAccount')}</span>
        </p>
      )}
    </form>
  );
}
