import type { Checkout, Validity } from '../../../shared/payments.ts';
import { accountFetch } from '../session/api.ts';
import { setAdFree } from './ad-free.ts';

let asked: { token: string; answer: Promise<Validity> } | null = null;

/**
 * Whether this token's user holds a running pass: asked once a page load (`fresh` asks again, after a
 * purchase), shared by whoever needs it (the user menu, the ReviewPass page). The answer hides or shows the ads
 * at once, and the server sets the ad-free cookie with it for the next page load.
 */
export function passValidity(token: string, fresh = false): Promise<Validity> {
  if (fresh || asked?.token !== token) {
    const answer = accountFetch<Validity>('/subscription-validity', { token });
    asked = { token, answer };
    answer.then(
      (v) => setAdFree(v.ad_free),
      () => {
        if (asked?.answer === answer) asked = null;
      },
    );
  }
  return asked!.answer;
}

/** passValidity for its effect alone (a failure leaves things as they are). */
export const checkPass = (token: string): void => void passValidity(token).catch(() => undefined);

/** Sends the browser to pay: the test checkout's page, or the provider's hosted checkout (a form post). */
export function goToCheckout(checkout: Checkout): void {
  if (checkout.method === 'GET') {
    window.location.assign(checkout.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = checkout.url;
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
