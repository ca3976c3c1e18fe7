import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { pageOf } from '../../../shared/community-api.ts';
import { LOCALES, localizePath } from '../../../shared/locale.ts';
import { AppError } from '../../../shared/messages.ts';
import {
  AbandonSchema,
  CheckoutSchema,
  InitiateTransactionSchema,
  SessionIdSchema,
  TestCheckoutSchema,
  TransactionSchema,
  ValidateOrderSchema,
  ValiditySchema,
} from '../../../shared/payments.ts';
import { Paging } from '../../lib/params.ts';
import type { Services } from '../../services.ts';
import { requestLocale } from '../../lib/request-locale.ts';
import { authRateLimit, signedIn } from '../account/auth.ts';
import { TestCheckoutProvider } from './test-checkout.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
  502: ErrorResponseSchema,
};
const TransactionResponse = z.object({ success: z.literal(true), transaction: TransactionSchema });

/**
 * Payments under /user/api/v1 (spec section 7; issue 8): orders, their validation, the provider's webhook
 * and callback, the pass's validity and the user's transactions; and the built-in test checkout's own two
 * endpoints while it is the provider.
 */
export async function paymentRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { payments, passCookie } = services;

  /** Keeps this browser's ad-free cookie in step with the pass (see pass-cookie.ts). */
  const syncCookie = async (reply: FastifyReply, userId: number) => {
    const validity = await payments.validity(userId);
    reply.header('set-cookie', await passCookie.header(userId, validity));
    return validity;
  };

  r.post(
    '/initiate-transaction',
    {
      config: { auth: 'user', ...authRateLimit(services.config) },
      schema: {
        tags: ['payments'],
        description:
          'Creates an order with the payment provider (amount in rupees, INR, the session id as receipt) and a pending transaction; returns where the browser goes to pay.',
        body: InitiateTransactionSchema,
        response: {
          201: TransactionResponse.extend({ order_id: z.string(), checkout: CheckoutSchema }),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      const started = await payments.initiate(user, req.body.amount, requestLocale(req));
      return reply.status(201).send({ success: true as const, ...started });
    },
  );

  r.post(
    '/order/validate',
    {
      config: { auth: 'user', ...authRateLimit(services.config, 6) },
      schema: {
        tags: ['payments'],
        description:
          'Verifies the checkout signature (HMAC-SHA256 of order_id|payment_id) for an order of this user and the payment the provider holds for its amount; a captured payment grants the pass, once.',
        body: ValidateOrderSchema,
        response: { 200: TransactionResponse.extend({ is_valid: z.literal(true) }), ...errors },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      const transaction = await payments.validate(user.userId, req.body);
      if (transaction.state === 'paid') await syncCookie(reply, user.userId);
      return { success: true as const, is_valid: true as const, transaction };
    },
  );

  r.get(
    '/subscription-validity',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        description:
          'Whether the user is ad-free now and until when; also sets or clears the ad-free cookie.',
        response: { 200: ValiditySchema, 401: ErrorResponseSchema },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      reply.header('cache-control', 'private, no-store');
      return syncCookie(reply, user.userId);
    },
  );

  r.get(
    '/get-transactions',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        description: "The user's transactions, newest first: amount, state, date and the days they bought.",
        querystring: Paging(PAGE_SIZE.transaction),
        response: { 200: pageOf(TransactionSchema), 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      reply.header('cache-control', 'private, no-store');
      return payments.transactions(user.userId, req.query.page, req.query.size);
    },
  );

  const sessionParams = z.object({ sessionId: SessionIdSchema });
  r.get(
    '/shop/session/:sessionId',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        description:
          "One of the user's purchases, for /shop/session/{sessionId} (which polls it while pending).",
        params: sessionParams,
        response: { 200: TransactionResponse, ...errors },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      const transaction = await payments.session(user.userId, req.params.sessionId);
      reply.header('cache-control', 'private, no-store');
      if (transaction.state === 'paid') await syncCookie(reply, user.userId);
      return { success: true as const, transaction };
    },
  );

  r.post(
    '/shop/session/:sessionId/abandon',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        description:
          'The checkout returned without a payment: a pending purchase becomes failed or canceled (a paid one stays paid).',
        params: sessionParams,
        body: AbandonSchema,
        response: { 200: TransactionResponse, ...errors },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return {
        success: true as const,
        transaction: await payments.abandon(user.userId, req.params.sessionId, req.body.state),
      };
    },
  );

  // The provider's side: raw bodies (the webhook's HMAC is over the exact bytes) and its form posts.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    raw.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const p = raw.withTypeProvider<ZodTypeProvider>();

    p.post(
      '/payments/webhook',
      {
        schema: {
          tags: ['payments'],
          description:
            "The provider's webhook (Razorpay's events payment.captured, order.paid, payment.failed), signed in x-razorpay-signature with HMAC-SHA256 of the raw body. Duplicates change nothing.",
          headers: z.object({ 'x-razorpay-signature': z.string().max(256).optional() }),
          response: {
            200: z.object({ success: z.literal(true), handled: z.boolean() }),
            400: ErrorResponseSchema,
          },
        },
      },
      async (req) => {
        const signature = req.headers['x-razorpay-signature'];
        if (!Buffer.isBuffer(req.body) || !signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        return { success: true as const, ...(await payments.webhook(req.body, signature)) };
      },
    );

    p.post(
      '/payments/razorpay/callback/:sessionId',
      {
        schema: {
          tags: ['payments'],
          description:
            "Razorpay's hosted checkout returns here (a form post); the browser goes on to /shop/session/{sessionId}, which validates the payment with the user's token.",
          params: sessionParams,
          // The language the purchase began in (issue 25): the page it comes back to.
          querystring: z.object({ lang: z.enum(LOCALES).catch('en').default('en') }),
        },
      },
      async (req, reply) => {
        if (payments.provider.name !== 'razorpay') throw new AppError('NOT_FOUND');
        const form = (req.body ?? {}) as Record<string, string>;
        const landing = localizePath(`/shop/session/${req.params.sessionId}`, req.query.lang);
        const fields = ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'] as const;
        const query = fields.every((f) => typeof form[f] === 'string' && form[f])
          ? new URLSearchParams(fields.map((f) => [f, form[f]!]))
          : new URLSearchParams({ status: 'failed' });
        return reply.header('cache-control', 'no-store').redirect(`${landing}?${query}`, 303);
      },
    );
  });

  // The built-in test checkout (the embedded default provider): its page reads the order and reports the
  // tester's choice. Off (404) when Razorpay takes the payments.
  const { provider } = payments;
  if (provider instanceof TestCheckoutProvider) app.addHook('onClose', () => provider.stop());
  const testCheckout = () => {
    if (provider.name === 'none') throw new AppError('PAYMENTS_UNAVAILABLE');
    if (!(provider instanceof TestCheckoutProvider)) throw new AppError('TEST_CHECKOUT_OFF');
    return provider;
  };
  const orderParams = z.object({ orderId: z.string().regex(/^order_[A-Za-z0-9_-]{1,40}$/) });
  r.get(
    '/test-checkout/:orderId',
    {
      schema: {
        tags: ['payments'],
        description: 'The test checkout: an order as its page shows it (amount in rupees).',
        params: orderParams,
        response: {
          200: z.object({
            success: z.literal(true),
            order: z.object({ id: z.string(), amount: z.number(), currency: z.string() }),
          }),
          ...errors,
        },
      },
    },
    async (req) => {
      const order = await testCheckout().order(req.params.orderId);
      return {
        success: true as const,
        order: { id: order.id, amount: order.amount / 100, currency: order.currency },
      };
    },
  );

  r.post(
    '/test-checkout/:orderId',
    {
      config: authRateLimit(services.config),
      schema: {
        tags: ['payments'],
        description:
          "The test checkout: the tester's choice (success, pending, failed, canceled); returns where the browser goes next, signed like Razorpay.",
        params: orderParams,
        body: TestCheckoutSchema,
        response: { 200: z.object({ success: z.literal(true), redirect: z.string() }), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await testCheckout().pay(req.params.orderId, req.body.outcome)),
    }),
  );
}
