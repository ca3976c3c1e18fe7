import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has working defaults for a fresh machine', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      seedDemo: true,
    });
  });

  it('turns the demo off with SEED_DEMO=0 or in production', () => {
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://verdict.example.in' };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('needs PUBLIC_URL in production, so no link points at localhost', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'PUBLIC_URL: is required when NODE_ENV=production: the address people use',
    );
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://verdict.example.in/' }).publicUrl).toBe(
      'https://verdict.example.in',
    );
    // Trying the site on one's own machine still needs nothing.
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('lets the test checkout take payments only off production, or when TEST_CHECKOUT=1 says so', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://verdict.example.in' };
    expect(loadConfig({}).testCheckout).toBe(true);
    expect(loadConfig({ TEST_CHECKOUT: '0' }).testCheckout).toBe(false);
    expect(loadConfig(production).testCheckout).toBe(false);
    expect(loadConfig({ ...production, TEST_CHECKOUT: '1' }).testCheckout).toBe(true);
    const keys = { RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };
    expect(loadConfig({ ...keys, TEST_CHECKOUT: '1' }).testCheckout).toBe(false);
  });

  it('shows no support address, social link or grievance officer unless set, and checks them when set', () => {
    expect(loadConfig({}).contact).toEqual({ supportEmail: null, socialLinks: [], grievanceOfficer: null });
    // Empty is unset.
    expect(loadConfig({ SUPPORT_EMAIL: '', SOCIAL_LINKS: '' }).contact.supportEmail).toBeNull();
    expect(
      loadConfig({
        SUPPORT_EMAIL: 'help@verdict.in',
        SOCIAL_LINKS:
          'https://www.instagram.com/verdict_in, https://x.com/verdict_in https://mastodon.social/@verdict',
        GRIEVANCE_OFFICER_NAME: ' Asha Rao ',
        GRIEVANCE_OFFICER_EMAIL: 'grievance@verdict.in',
      }).contact,
    ).toEqual({
      supportEmail: 'help@verdict.in',
      socialLinks: [
        { href: 'https://www.instagram.com/verdict_in', network: 'Instagram' },
        { href: 'https://x.com/verdict_in', network: 'X' },
        { href: 'https://mastodon.social/@verdict', network: 'mastodon.social' },
      ],
      grievanceOfficer: { name: 'Asha Rao', email: 'grievance@verdict.in', responseHours: 48 },
    });
    const officer = { GRIEVANCE_OFFICER_NAME: 'Asha Rao', GRIEVANCE_OFFICER_EMAIL: 'grievance@verdict.in' };
    expect(
      loadConfig({ ...officer, GRIEVANCE_RESPONSE_HOURS: '24' }).contact.grievanceOfficer?.responseHours,
    ).toBe(24);
    // The rules allow 48 hours at most; an officer needs a name and an address.
    expect(() => loadConfig({ ...officer, GRIEVANCE_RESPONSE_HOURS: '72' })).toThrow(
      /GRIEVANCE_RESPONSE_HOURS/,
    );
    expect(() => loadConfig({ GRIEVANCE_OFFICER_NAME: 'Asha Rao' })).toThrow(
      'The grievance officer needs GRIEVANCE_OFFICER_NAME and GRIEVANCE_OFFICER_EMAIL together',
    );
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow('SUPPORT_EMAIL must be an email address');
    expect(() => loadConfig({ SOCIAL_LINKS: 'http://x.com/verdict' })).toThrow(/SOCIAL_LINKS/);
  });

  it('refuses bad values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    // Half a Google configuration would turn sign-in with Google off without a word.
    expect(() => loadConfig({ OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id' })).toThrow(
      /OIDC_CLIENT_SECRET together/,
    );
    expect(
      loadConfig({
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 's',
      }).oidc,
    ).toMatchObject({ clientId: 'id' });
    // Half a Razorpay configuration would leave the free test checkout taking the payments.
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' })).toThrow(
      'Razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together: set all three or none',
    );
    expect(loadConfig({}).razorpay).toBeNull();
    expect(
      loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' })
        .razorpay,
    ).toEqual({
      keyId: 'rzp_live_x',
      keySecret: 's',
      webhookSecret: 'w',
      apiUrl: 'https://api.razorpay.com',
    });
  });

  it('runs one worker per core only with PostgreSQL and Redis, and refuses more than one without them', () => {
    const pg = { DATABASE_URL: 'postgres://verdict@127.0.0.1:5432/verdict' };
    const shared = { ...pg, REDIS_URL: 'redis://127.0.0.1:6379' };
    // The default: one process, unless both are set.
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig(pg).workers).toBe(1);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).workers).toBe(1);
    expect(loadConfig(shared).workers).toBe(availableParallelism());
    // Said explicitly; empty is unset.
    expect(loadConfig({ ...shared, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...shared, WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ ...shared, WORKERS: 'auto' }).workers).toBe(availableParallelism());
    expect(loadConfig({ ...shared, WORKERS: '' }).workers).toBe(availableParallelism());
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    for (const bad of ['0', '-2', '1.5', 'two', 'AUTO', '01'])
      expect(() => loadConfig({ ...shared, WORKERS: bad })).toThrow(
        'WORKERS: WORKERS must be auto or a whole number of processes, 1 or more',
      );
    // PGlite is one process with one data directory; without Redis each worker would keep limits of its own.
    for (const workers of ['2', 'auto']) {
      expect(() => loadConfig({ WORKERS: workers, REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
        'Invalid environment:\n  WORKERS: more than one worker needs DATABASE_URL: the embedded PGlite is one process',
      );
      expect(() => loadConfig({ ...pg, WORKERS: workers })).toThrow(
        'Invalid environment:\n  WORKERS: more than one worker needs REDIS_URL: the request and posting limits',
      );
    }
  });
});
