import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { GRIEVANCE_RESPONSE_HOURS, type SiteContact, socialNetwork } from '../shared/site-contact.ts';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** An optional setting, where an empty value means unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** WORKERS asks for more than one process (`auto` may, on a machine with several cores). */
const severalWorkers = (workers: string | undefined) => workers !== undefined && workers !== '1';

/** A refinement: settings that only work together are all set, or none. */
function allOrNone(keys: [string, string, string], what: string) {
  const check = (e: Record<string, unknown>) => keys.filter((k) => e[k]).length % keys.length === 0;
  const issue = {
    path: [keys[0]],
    message: `${what} needs ${keys[0]}, ${keys[1]} and ${keys[2]} together: set all three or none`,
  };
  return [check, issue] as const;
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
    REDIS_URL: unsetIfEmpty(
      z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://'),
    ),
    REDIS_PREFIX: z.string().default('verdict:'),
    WORKERS: unsetIfEmpty(
      z.string().regex(/^(auto|[1-9]\d*)$/, 'WORKERS must be auto or a whole number of processes, 1 or more'),
    ),
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    TRUST_PROXY: bool.default(false),
    VIEW_FLUSH_MS: z.coerce.number().int().min(10).default(5000),
    SEARCH_CACHE_MS: z.coerce.number().int().min(0).default(60_000),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(5000),
    WEB_BUILD_DIR: z.string().default('build'),
    PUBLIC_URL: z.url().optional(),
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    POSTING_LIMITS: z.enum(['on', 'off']).default('on'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Verdict <no-reply@verdict.local>'),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
    RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
    TEST_CHECKOUT_SETTLE_MS: z.coerce.number().int().min(0).default(5000),
    // How people reach us, each shown only when set (an empty value is unset).
    SUPPORT_EMAIL: unsetIfEmpty(z.email('SUPPORT_EMAIL must be an email address')),
    SOCIAL_LINKS: unsetIfEmpty(
      z
        .string()
        .transform((v) => v.split(/[\s,]+/).filter(Boolean))
        .pipe(z.array(z.url({ protocol: /^https$/, error: 'SOCIAL_LINKS must be https:// addresses' }))),
    ),
    GRIEVANCE_OFFICER_NAME: unsetIfEmpty(z.string().trim().min(2).max(100)),
    GRIEVANCE_OFFICER_EMAIL: unsetIfEmpty(z.email('GRIEVANCE_OFFICER_EMAIL must be an email address')),
    GRIEVANCE_RESPONSE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(GRIEVANCE_RESPONSE_HOURS)
      .default(GRIEVANCE_RESPONSE_HOURS),
    TEST_CHECKOUT: bool.optional(),
  })
  .refine(...allOrNone(['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'], 'Google sign-in'))
  .refine(...allOrNone(['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'], 'Razorpay'))
  .refine((e) => !e.GRIEVANCE_OFFICER_NAME === !e.GRIEVANCE_OFFICER_EMAIL, {
    path: ['GRIEVANCE_OFFICER_NAME'],
    message: 'The grievance officer needs GRIEVANCE_OFFICER_NAME and GRIEVANCE_OFFICER_EMAIL together',
  })
  // Workers share nothing in memory: one database server and one Redis are what they have in common (decision 0025).
  .refine((e) => !severalWorkers(e.WORKERS) || e.DATABASE_URL, {
    path: ['WORKERS'],
    message:
      'more than one worker needs DATABASE_URL: the embedded PGlite is one process with one data directory (set WORKERS=1, or run on PostgreSQL)',
  })
  .refine((e) => !severalWorkers(e.WORKERS) || e.REDIS_URL, {
    path: ['WORKERS'],
    message:
      'more than one worker needs REDIS_URL: the request and posting limits and the cached reads must be shared by every worker (set WORKERS=1, or set REDIS_URL)',
  })
  // Without it every link, canonical URL, sitemap entry and structured datum would point at localhost.
  .refine((e) => e.NODE_ENV !== 'production' || e.PUBLIC_URL, {
    path: ['PUBLIC_URL'],
    message:
      'is required when NODE_ENV=production: the address people use, e.g. https://verdict.example.in (links in emails, canonical URLs, the sitemap and structured data are built from it)',
  });

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** PostgreSQL: how long to wait for a connection (opening one, or a free one from the pool). */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: the longest a statement may run (the server cancels it); 0 turns the limit off. */
  databaseStatementTimeoutMs: number;
  /** Redis shared by every node: limits and cache invalidation (decision 0018); unset keeps them per process. */
  redisUrl: string | undefined;
  /** Put before every Redis key and channel. */
  redisPrefix: string;
  /**
   * Server processes on this machine (decision 0025): WORKERS, else one per core when DATABASE_URL and REDIS_URL
   * are both set, else 1. More than one runs a primary that forks them (src/server/cluster.ts).
   */
  workers: number;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  rateLimitMax: number;
  trustProxy: boolean;
  viewFlushMs: number;
  /** How long the same suggestion words give the same suggestions; 0 turns the cache off. */
  searchCacheMs: number;
  /** How long a signed-out visitor's page is served from the cache before it is rendered again; 0 turns it off. */
  pageCacheSeconds: number;
  shutdownTimeoutMs: number;
  /** After SIGTERM: how long the process still answers (503, closing connections) before it stops listening. */
  shutdownDrainMs: number;
  webBuildDir: string;
  /** Requests a minute from one address to each sign-in, sign-up and reset endpoint. */
  authRateLimit: number;
  /** Per-user limits on posting, reacting, reporting and following (off only in tests that post quickly). */
  postingLimits: boolean;
  /** Where people reach the site: links in emails and the Google redirect address. */
  publicUrl: string;
  /** SMTP server for email; unset writes each message to $DATA_DIR/outbox as an .eml file. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Google sign-in (any OpenID Connect provider); on only when all three are set. */
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  /** Razorpay takes payments when its keys are set; otherwise the built-in test checkout does. */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string } | null;
  /** The test checkout: how long a payment left pending takes to be captured (its webhook then arrives). */
  testCheckoutSettleMs: number;
  /** Support address, social links and grievance officer: each shown only when set. */
  contact: SiteContact;
  /**
   * The built-in test checkout takes payments (no money moves): without Razorpay keys, except in production
   * unless TEST_CHECKOUT=1. Neither: payments are off.
   */
  testCheckout: boolean;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    workers: workerCount(e.WORKERS ?? (e.DATABASE_URL && e.REDIS_URL ? 'auto' : '1')),
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY,
    viewFlushMs: e.VIEW_FLUSH_MS,
    searchCacheMs: e.SEARCH_CACHE_MS,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    webBuildDir: e.WEB_BUILD_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    authRateLimit: e.AUTH_RATE_LIMIT,
    postingLimits: e.POSTING_LIMITS === 'on',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : null,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ''),
          }
        : null,
    testCheckoutSettleMs: e.TEST_CHECKOUT_SETTLE_MS,
    contact: {
      supportEmail: e.SUPPORT_EMAIL ?? null,
      socialLinks: (e.SOCIAL_LINKS ?? []).map((href) => ({ href, network: socialNetwork(href) })),
      grievanceOfficer:
        e.GRIEVANCE_OFFICER_NAME && e.GRIEVANCE_OFFICER_EMAIL
          ? {
              name: e.GRIEVANCE_OFFICER_NAME,
              email: e.GRIEVANCE_OFFICER_EMAIL,
              responseHours: e.GRIEVANCE_RESPONSE_HOURS,
            }
          : null,
    },
    testCheckout: !e.RAZORPAY_KEY_ID && (e.TEST_CHECKOUT ?? e.NODE_ENV !== 'production'),
  };
}

const workerCount = (workers: string) => (workers === 'auto' ? availableParallelism() : Number(workers));

/** The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in $DATA_DIR/pglite. */
export const databaseOptions = (
  config: Pick<
    Config,
    'databaseUrl' | 'dataDir' | 'databasePoolSize' | 'databaseConnectTimeoutMs' | 'databaseStatementTimeoutMs'
  >,
) => ({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, 'pglite'),
  poolSize: config.databasePoolSize,
  connectTimeoutMs: config.databaseConnectTimeoutMs,
  statementTimeoutMs: config.databaseStatementTimeoutMs,
});
