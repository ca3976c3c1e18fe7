import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_SUCCESS,
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  emailField,
  ForgotPasswordSchema,
  ProfileSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
  usernameField,
  VerifyOtpSchema,
} from '../../../shared/account.ts';
import {
  AvailabilitySchema,
  ErrorResponseSchema,
  MessageResponseSchema,
  ProfileResponseSchema,
  SignedInSchema,
} from '../../../shared/api-types.ts';
import { ERRORS } from '../../../shared/messages.ts';
import type { Services } from '../../services.ts';
import { requestLocale } from '../../lib/request-locale.ts';
import { authRateLimit, signedIn } from './auth.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/**
 * Accounts under /user/api/v1 (spec section 7): sign-up, availability, CAPTCHA, sign-in and sign-out, email
 * verification, forgot password (OTP, then a new password), profile, password, email and deletion.
 */
export function accountRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { account, sessions, captcha } = services;
  // Account endpoints get a per-address limit a minute on top of the global one (429 beyond it); the checks
  // made as someone types, and the CAPTCHA, allow a few times more.
  const limited = (times = 1) => authRateLimit(services.config, times);

  r.post(
    '/user',
    {
      config: limited(),
      schema: {
        tags: ['account'],
        body: SignUpSchema,
        response: { 201: SignedInSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const signedIn = await account.signUp(req.body, requestLocale(req));
      return reply
        .status(201)
        .send({ success: true, message: ACCOUNT_SUCCESS.verificationSent, ...signedIn });
    },
  );

  r.get(
    '/user/check-email-availability',
    {
      config: limited(6),
      schema: {
        tags: ['account'],
        querystring: z.object({ email: emailField }),
        response: { 200: AvailabilitySchema, ...errors },
      },
    },
    async (req) => {
      const available = await account.emailAvailable(req.query.email);
      return {
        success: true as const,
        available,
        message: available ? 'Email is available' : ERRORS.EMAIL_TAKEN.message,
      };
    },
  );

  r.get(
    '/user/get-username/:username',
    {
      config: limited(6),
      schema: {
        tags: ['account'],
        params: z.object({ username: usernameField }),
        response: { 200: AvailabilitySchema, ...errors },
      },
    },
    async (req) => {
      const available = await account.usernameAvailable(req.params.username);
      return {
        success: true as const,
        available,
        message: available ? 'Username is available' : ERRORS.USERNAME_TAKEN.message,
      };
    },
  );

  r.get('/auth/captcha', { config: limited(6), schema: { tags: ['account'] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });

  r.post(
    '/auth/sign-in',
    {
      config: limited(),
      schema: { tags: ['account'], body: SignInSchema, response: { 200: SignedInSchema, ...errors } },
    },
    async (req) => {
      const { restored, ...signedIn } = await account.signIn(req.body, requestLocale(req));
      const message = restored
        ? `${ACCOUNT_SUCCESS.signedIn}: your account is restored`
        : ACCOUNT_SUCCESS.signedIn;
      return { success: true as const, message, ...signedIn };
    },
  );

  r.post(
    '/auth/sign-out',
    {
      config: { auth: 'user' },
      schema: { tags: ['account'], response: { 200: MessageResponseSchema, ...errors } },
    },
    async (req, reply) => {
      const user = signedIn(req);
      await sessions.revoke(user.sessionId);
      // The ad-free cookie belongs to the session's user: this browser shows ads again (issue 8).
      reply.header('set-cookie', services.passCookie.clear());
      return { success: true as const, message: ACCOUNT_SUCCESS.signedOut };
    },
  );

  r.get(
    '/auth/email-verify/:token',
    {
      config: limited(2),
      schema: {
        tags: ['account'],
        params: z.object({ token: z.string().max(200) }),
        response: { 200: MessageResponseSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (req) => {
      await account.verifyEmail(req.params.token);
      return { success: true as const, message: ACCOUNT_SUCCESS.emailVerified };
    },
  );

  r.post(
    '/auth/email-verify/resend',
    {
      config: { auth: 'user', ...limited() },
      schema: { tags: ['account'], response: { 200: MessageResponseSchema, ...errors } },
    },
    async (req) => {
      const user = signedIn(req);
      await account.resendVerification(user.userId, requestLocale(req));
      return { success: true as const, message: ACCOUNT_SUCCESS.verificationSent };
    },
  );

  r.post(
    '/auth/password/forgot',
    {
      config: limited(),
      schema: {
        tags: ['account'],
        body: ForgotPasswordSchema,
        response: {
          200: MessageResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (req) => {
      await account.forgotPassword(req.body.email, req.body.captcha, requestLocale(req));
      return { success: true as const, message: ACCOUNT_SUCCESS.otpSent };
    },
  );

  r.post(
    '/auth/password/verify-otp',
    {
      config: limited(),
      schema: {
        tags: ['account'],
        body: VerifyOtpSchema,
        response: {
          200: z.object({ success: z.literal(true), token: z.string() }),
          ...errors,
        },
      },
    },
    async (req) => ({ success: true as const, token: await account.verifyOtp(req.body.email, req.body.otp) }),
  );

  r.post(
    '/auth/password/reset',
    {
      config: limited(),
      schema: {
        tags: ['account'],
        body: ResetPasswordSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await account.resetPassword(req.body.token, req.body.password);
      return { success: true as const, message: ACCOUNT_SUCCESS.passwordUpdated };
    },
  );

  r.get(
    '/user',
    {
      config: { auth: 'user' },
      schema: { tags: ['account'], response: { 200: ProfileResponseSchema, ...errors } },
    },
    async (req) => {
      const user = signedIn(req);
      return { success: true as const, user: await account.profile(user.userId) };
    },
  );

  r.post(
    '/user/update',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['account'],
        body: ProfileSchema,
        response: { 200: ProfileResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = signedIn(req);
      return { success: true as const, user: await account.updateProfile(user.userId, req.body) };
    },
  );

  r.post(
    '/user/email',
    {
      config: { auth: 'user', ...limited() },
      schema: {
        tags: ['account'],
        body: ChangeEmailSchema,
        response: { 200: MessageResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = signedIn(req);
      await account.changeEmail(user.userId, req.body, requestLocale(req));
      return { success: true as const, message: ACCOUNT_SUCCESS.verificationSent };
    },
  );

  r.post(
    '/user/password',
    {
      config: { auth: 'user', ...limited() },
      schema: {
        tags: ['account'],
        body: ChangePasswordSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = signedIn(req);
      await account.changePassword(user.userId, user.sessionId, req.body);
      return { success: true as const, message: ACCOUNT_SUCCESS.passwordUpdated };
    },
  );

  r.delete(
    '/user/delete',
    {
      // The current password is checked here: guesses are limited like the other password checks.
      config: { auth: 'user', ...limited() },
      schema: {
        tags: ['account'],
        // Optional: an account without a password (Google only) may send none.
        body: DeleteAccountSchema.nullish(),
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = signedIn(req);
      await account.deleteAccount(user.userId, user.sessionId, req.body?.currentPassword);
      reply.header('set-cookie', services.passCookie.clear());
      return { success: true as const, message: ACCOUNT_SUCCESS.accountDeleted };
    },
  );
}
