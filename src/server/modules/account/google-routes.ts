import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_SUCCESS, OAuthCredentialsSchema } from '../../../shared/account.ts';
import { ErrorResponseSchema, SignedInSchema } from '../../../shared/api-types.ts';
import { LOCALES } from '../../../shared/locale.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Services } from '../../services.ts';
import { requestLocale } from '../../lib/request-locale.ts';
import { authRateLimit } from './auth.ts';
import { GoogleSignIn } from './google.ts';

/** POST /auth/google for a new Google user: the profile to finish, authorized by a single-use grant. */
export const NeedsProfileSchema = z.object({
  success: z.literal(true),
  needsProfile: z.literal(true),
  grant: z.string(),
  profile: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});

const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const redirect = { 302: z.null().describe('A redirect (Location header).') };

/**
 * Sign in with Google under /user/api/v1: GET /auth/google sends the browser to the provider, the callback
 * lands it on /homepage/<landing>, the page trades the landing for a session (POST /auth/google) or, for a new
 * user, for a grant that PUT /user/oauth-credentials turns into an account. All 404 when Google is not set up.
 */
export function googleRoutes(app: FastifyInstance, services: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { oidc, publicUrl } = services.config;
  const google = oidc ? new GoogleSignIn(services, oidc, publicUrl) : null;
  const enabled = (): GoogleSignIn => {
    if (!google) throw new AppError('OAUTH_DISABLED');
    return google;
  };
  // Runs before body validation, so a site without Google answers 404 whatever is sent.
  const onRequest = async () => void enabled();
  const limited = (times = 1) => authRateLimit(services.config, times);

  r.get(
    '/auth/google',
    {
      onRequest,
      config: limited(),
      schema: {
        tags: ['account'],
        // The language of the page the button is on (issue 25): the landing page is in it.
        querystring: z.object({ lang: z.enum(LOCALES).catch('en').default('en') }),
        response: { ...redirect, ...errors },
      },
    },
    async (req, reply) => {
      const location = await enabled().begin(req.log, req.query.lang);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  r.get(
    '/auth/google/callback',
    {
      onRequest,
      config: limited(),
      schema: {
        tags: ['account'],
        // Read raw by the handler (openid-client checks every parameter); declared for the documentation.
        querystring: z.object({
          code: z.string().max(4096).optional(),
          state: z.string().max(512).optional(),
          error: z.string().max(512).optional(),
          iss: z.string().max(2048).optional(),
        }),
        response: { ...redirect, ...errors },
      },
    },
    async (req, reply) => {
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      const location = await enabled().callback(query, req.log);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  r.post(
    '/auth/google',
    {
      onRequest,
      config: limited(),
      schema: {
        tags: ['account'],
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: z.union([SignedInSchema, NeedsProfileSchema]), ...errors },
      },
    },
    async (req) => {
      const result = await enabled().redeem(req.body.token, requestLocale(req));
      if (result.kind === 'new') {
        return {
          success: true as const,
          needsProfile: true as const,
          grant: result.grant,
          profile: result.profile,
        };
      }
      const message = result.restored
        ? `${ACCOUNT_SUCCESS.signedIn}: your account is restored`
        : ACCOUNT_SUCCESS.signedIn;
      return { success: true as const, message, token: result.token, user: result.user };
    },
  );

  r.put(
    '/user/oauth-credentials',
    {
      onRequest,
      config: limited(),
      schema: {
        tags: ['account'],
        body: OAuthCredentialsSchema,
        response: { 201: SignedInSchema, ...errors },
      },
    },
    async (req, reply) => {
      const signedIn = await enabled().complete(req.body, requestLocale(req));
      return reply.status(201).send({ success: true, message: ACCOUNT_SUCCESS.signedIn, ...signedIn });
    },
  );
}
