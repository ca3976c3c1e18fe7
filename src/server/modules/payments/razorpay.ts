import { type Locale, localizePath } from '../../../shared/locale.ts';
import type { Checkout } from '../../../shared/payments.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Config } from '../../config.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';

/** The keys, the webhook secret, and the API's address (https://api.razorpay.com, or a stand-in in tests). */
export type RazorpayKeys = NonNullable<Config['razorpay']>;

const TIMEOUT_MS = 10_000;

/**
 * Razorpay (https://razorpay.com/docs/api/): orders and payments over its REST API with basic auth, the
 * hosted checkout (a form post that returns to our callback), and its two HMAC signatures.
 */
export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;

  constructor(
    private readonly razorpay: RazorpayKeys,
    private readonly publicUrl: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  private failed(cause: unknown): AppError {
    this.onError(cause);
    return new AppError('PAYMENT_PROVIDER_ERROR');
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T | null> {
    const auth = Buffer.from(`${this.razorpay.keyId}:${this.razorpay.keySecret}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(`${this.razorpay.apiUrl}/v1${path}`, {
        method,
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : null,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw this.failed(err);
    }
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok) throw this.failed(new Error(`Razorpay answered ${res.status} to ${method} ${path}`));
    return (await res.json()) as T;
  }

  async createOrder(order: { amount: number; currency: string; receipt: string }) {
    const created = await this.call<{ id: string }>('POST', '/orders', order);
    if (!created?.id) throw this.failed(new Error('Razorpay created no order'));
    return { id: created.id };
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment | null> {
    const p = await this.call<{
      id: string;
      order_id: string;
      amount: number;
      currency: string;
      status: ProviderPayment['status'];
    }>('GET', `/payments/${encodeURIComponent(paymentId)}`);
    return p && { id: p.id, orderId: p.order_id, amount: p.amount, currency: p.currency, status: p.status };
  }

  checkout(o: {
    orderId: string;
    sessionId: string;
    amount: number;
    currency: string;
    email: string;
    locale: Locale;
  }): Checkout {
    return {
      method: 'POST',
      url: `${this.razorpay.apiUrl}/v1/checkout/embedded`,
      fields: {
        key_id: this.razorpay.keyId,
        order_id: o.orderId,
        amount: String(o.amount),
        currency: o.currency,
        name: 'Verdict',
        description: 'ReviewPass',
        'prefill[email]': o.email,
        // Back to the pages of the language the purchase began in (issue 25).
        callback_url: `${this.publicUrl}/user/api/v1/payments/razorpay/callback/${o.sessionId}${o.locale === 'en' ? '' : `?lang=${o.locale}`}`,
        cancel_url: `${this.publicUrl}${localizePath(`/shop/session/${o.sessionId}`, o.locale)}?status=canceled`,
      },
    };
  }

  async keys() {
    return { key: this.razorpay.keySecret, webhook: this.razorpay.webhookSecret };
  }
}
