import type { Checkout, Validity } from '../../../shared/payments.ts';
import { accountFetch } from '../session/api.ts';
import { setAdFree } from './ad-free.ts';

let checked: string | null = null;

/** Asks whether this token's user holds a running pass, once a page load (the answer also sets the cookie). */
export function checkPass(token: string): void {
  if (checked === token) return;
  checked = token;
  accountFetch<Validity>('/subscription-validity', { token }).then(
    (v) => setAdFree(v.ad_free),
    () => (checked = null),
  );
}

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
