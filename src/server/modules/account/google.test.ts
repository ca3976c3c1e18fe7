import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/account.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { startOidcProvider, type TestAccount, type TestOidcProvider } from '../../../test/oidc-provider.ts';
import { hashToken } from '../../lib/tokens.ts';

const API = '/user/api/v1';
let n = 0;

/** Our side of the dance (app.inject) and the browser's side at the provider (fetch). */
function flows(t: () => TestContext, provider: () => TestOidcProvider) {
  /** GET /auth/google: the provider's authorization URL. */
  async function start(): Promise<URL> {
    const res = await t().app.inject({ url: `${API}/auth/google` });
    expect(res.statusCode).toBe(302);
    return new URL(res.headers.location as string);
  }
  /** The provider's redirect handed to our callback: the landing value of /homepage/<landing>. */
  async function callback(url: URL): Promise<string> {
    const res = await t().app.inject({ url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(302);
    const landing = /^\/homepage\/([A-Za-z0-9_-]{20,})$/.exec(res.headers.location as string)?.[1];
    expect(landing).toBeDefined();
    return landing!;
  }
  const redeem = (token: string) =>
    t().app.inject({ method: 'POST', url: `${API}/auth/google`, payload: { token } });
  /** A new account at the provider; its sub. */
  function account(claims: TestAccount = {}): string {
    n += 1;
    const sub = `google-${n}-${randomBytes(4).toString('hex')}`;
    provider().accounts.set(sub, {
      email: `${sub}@gmail.example`,
      email_verified: true,
      given_name: 'Priya',
      family_name: 'Nair',
      ...claims,
    });
    return sub;
  }
  /** The whole sign-in up to the landing value. */
  async function land(sub: string): Promise<string> {
    return callback(await provider().signInAt((await start()).toString(), sub));
  }
  const finish = (grant: string, overrides: Record<string, string> = {}) =>
    t().app.inject({
      method: 'PUT',
      url: `${API}/user/oauth-credentials`,
      payload: {
        grant,
        firstName: 'Priya',
        lastName: 'Nair',
        username: `priya${n}x${Date.now() % 1e6}`,
        phone: '',
        ...overrides,
      },
    });
  return { start, callback, redeem, account, land, finish };
}

describe('Sign in with Google against a real OpenID provider', () => {
  let provider: TestOidcProvider;
  let t: TestContext;
  const f = flows(
    () => t,
    () => provider,
  );
  const sessions = async () =>
    (await query<{ n: number }>(t.database, 'SELECT count(*)::int AS n FROM sessions'))[0]!.n;

  beforeAll(async () => {
    provider = await startOidcProvider();
    t = await createTestApp(provider.env);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('starts the code flow with PKCE (S256), state, nonce and the three scopes', async () => {
    const url = await f.start();
    expect(`${url.origin}`).toBe(provider.issuer);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toBeTruthy();
    expect(p.get('nonce')).toBeTruthy();
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('redirect_uri')).toBe('http://localhost:3000/user/api/v1/auth/google/callback');
    // Only the state's hash is kept.
    const rows = await query<{ token_hash: string; data: { verifier: string; nonce: string } }>(
      t.database,
      `SELECT token_hash, data FROM one_time_tokens WHERE purpose = 'oidc-state' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]!.token_hash).not.toBe(p.get('state'));
    expect(rows[0]!.data.nonce).toBe(p.get('nonce'));
    // The hash is the state's SHA-256, and the verifier kept with it is the one the challenge was made from.
    expect(rows[0]!.token_hash).toBe(hashToken(p.get('state')!));
    expect(rows[0]!.data.verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(createHash('sha256').update(rows[0]!.data.verifier).digest('base64url')).toBe(
      p.get('code_challenge'),
    );
  });

  it('a new user finishes the profile, gets a session, and GET /user says google: true', async () => {
    const sub = f.account({ email: 'Priya.Nair.New@Example.com' });
    const landing = await f.land(sub);
    const before = await sessions();
    const res = await f.redeem(landing);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { needsProfile: boolean; grant: string; profile: Record<string, string> };
    expect(body).toMatchObject({
      success: true,
      needsProfile: true,
      profile: { firstName: 'Priya', lastName: 'Nair', email: 'priya.nair.new@example.com' },
    });
    expect(await sessions()).toBe(before);

    const done = await f.finish(body.grant, { phone: '9876543210' });
    expect(done.statusCode).toBe(201);
    const signedIn = done.json() as { token: string; message: string; user: Record<string, unknown> };
    expect(signedIn.message).toBe('welcome back');
    expect(signedIn.user).toMatchObject({
      email: 'priya.nair.new@example.com',
      emailVerified: true,
      phone: '9876543210',
    });

    const me = await t.app.inject({ url: `${API}/user`, headers: bearer(signedIn.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { google: true, hasPassword: false, firstName: 'Priya' } });
    const [user] = await query<{ oidc_issuer: string; oidc_subject: string }>(
      t.database,
      `SELECT oidc_issuer, oidc_subject FROM users WHERE email = 'priya.nair.new@example.com'`,
    );
    expect(user).toEqual({ oidc_issuer: provider.issuer, oidc_subject: sub });
  });

  it('a returning user is signed in directly on the second sign-in', async () => {
    const sub = f.account();
    const first = (await f.redeem(await f.land(sub))).json() as { grant: string };
    expect((await f.finish(first.grant)).statusCode).toBe(201);

    const res = await f.redeem(await f.land(sub));
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      token: string;
      message: string;
      user: { email: string };
      needsProfile?: boolean;
    };
    expect(body.needsProfile).toBeUndefined();
    expect(body.message).toBe('welcome back');
    expect(body.user.email).toBe(`${sub}@gmail.example`);
    expect((await t.app.inject({ url: `${API}/user`, headers: bearer(body.token) })).statusCode).toBe(200);
  });

  it('started on a Hindi page, lands on the Hindi landing page, which signs in as the English one does', async () => {
    const sub = f.account();
    const started = await t.app.inject({ url: `${API}/auth/google?lang=hi` });
    expect(started.statusCode).toBe(302);
    const url = await provider.signInAt(started.headers.location as string, sub);
    const back = await t.app.inject({ url: `${url.pathname}${url.search}` });
    const landing = /^\/hi\/homepage\/([A-Za-z0-9_-]{20,})$/.exec(back.headers.location as string)?.[1];
    expect(landing, back.headers.location as string).toBeDefined();
    expect((await f.redeem(landing!)).json()).toMatchObject({ success: true, needsProfile: true });
    // A refusal at the provider lands in Hindi too; an unknown language is English.
    const refused = await t.app.inject({ url: `${API}/auth/google?lang=hi` });
    const denied = await provider.signInAt(refused.headers.location as string, f.account(), { deny: true });
    const failed = await t.app.inject({ url: `${denied.pathname}${denied.search}` });
    expect(failed.headers.location).toMatch(/^\/hi\/homepage\//);
    const other = await t.app.inject({ url: `${API}/auth/google?lang=xx` });
    expect(other.statusCode).toBe(302);
    expect(await f.callback(await provider.signInAt(other.headers.location as string, f.account()))).toMatch(
      /^[A-Za-z0-9_-]{20,}$/,
    );
  });

  it('an email the provider did not verify stays unverified', async () => {
    const sub = f.account({ email_verified: false });
    const { grant } = (await f.redeem(await f.land(sub))).json() as { grant: string };
    const res = await f.finish(grant);
    expect(res.statusCode).toBe(201);
    expect((res.json() as { user: { emailVerified: boolean } }).user.emailVerified).toBe(false);
  });

  it('an email that belongs to a password account answers OAUTH_CONFLICT', async () => {
    const { form } = await signUp(t);
    const sub = f.account({ email: form.email.toUpperCase() });
    const before = await sessions();
    const res = await f.redeem(await f.land(sub));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'OAUTH_CONFLICT',
      message: 'user already exists with a different authentication method.',
    });
    expect(await sessions()).toBe(before);
  });

  it('a tampered state fails with OAUTH_FAILED and makes no session', async () => {
    const sub = f.account();
    const url = await f.start();
    const back = await provider.signInAt(url.toString(), sub);
    back.searchParams.set('state', randomBytes(32).toString('base64url'));
    const before = await sessions();
    const res = await f.redeem(await f.callback(back));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'OAUTH_FAILED',
      message: 'Unable to sign in with Google. Please try again.',
    });
    expect(await sessions()).toBe(before);
  });

  it('an ID token for another nonce fails with OAUTH_FAILED', async () => {
    const sub = f.account();
    const url = await f.start();
    await query(
      t.database,
      `UPDATE one_time_tokens SET data = jsonb_set(data, '{nonce}', '"not-the-nonce-sent"')
       WHERE id = (SELECT max(id) FROM one_time_tokens WHERE purpose = 'oidc-state')`,
    );
    const res = await f.redeem(await f.callback(await provider.signInAt(url.toString(), sub)));
    expect(res.json()).toMatchObject({ code: 'OAUTH_FAILED' });
  });

  it('the code of one flow with the state of another fails (PKCE and nonce)', async () => {
    const sub = f.account();
    const a = await provider.signInAt((await f.start()).toString(), sub);
    const b = await f.start();
    a.searchParams.set('state', b.searchParams.get('state')!);
    const res = await f.redeem(await f.callback(a));
    expect(res.json()).toMatchObject({ code: 'OAUTH_FAILED' });
  });

  it('a refusal at the provider (access_denied) fails with OAUTH_FAILED', async () => {
    const back = await provider.signInAt((await f.start()).toString(), f.account(), { deny: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await f.redeem(await f.callback(back));
    expect(res.json()).toMatchObject({ code: 'OAUTH_FAILED' });
  });

  it('a state, a landing and a grant each work once', async () => {
    const back = await provider.signInAt((await f.start()).toString(), f.account());
    const landing = await f.callback(back);
    // The same redirect again (a replayed URL): the state is spent.
    expect((await f.redeem(await f.callback(back))).json()).toMatchObject({ code: 'OAUTH_FAILED' });

    const first = await f.redeem(landing);
    expect(first.statusCode).toBe(200);
    const again = await f.redeem(landing);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'OAUTH_FAILED' });

    const { grant } = first.json() as { grant: string };
    expect((await f.finish(grant)).statusCode).toBe(201);
    const twice = await f.finish(grant, { username: `other${Date.now() % 1e6}x1` });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'OAUTH_FAILED' });
  });

  it('a taken username answers 409 USERNAME_TAKEN and leaves the grant usable', async () => {
    const { form } = await signUp(t);
    const { grant } = (await f.redeem(await f.land(f.account()))).json() as { grant: string };
    const taken = await f.finish(grant, { username: form.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_TAKEN', field: 'username' });
    expect((await f.finish(grant)).statusCode).toBe(201);
  });

  it('an email taken between the landing and the profile answers 409 OAUTH_CONFLICT', async () => {
    const sub = f.account();
    const { grant } = (await f.redeem(await f.land(sub))).json() as { grant: string };
    await signUp(t, { email: `${sub}@gmail.example` });
    const res = await f.finish(grant);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OAUTH_CONFLICT' });
  });

  it('PUT /user/oauth-credentials without a valid grant answers 400', async () => {
    const unknown = await f.finish(randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'OAUTH_FAILED' });
    const missing = await t.app.inject({
      method: 'PUT',
      url: `${API}/user/oauth-credentials`,
      payload: { firstName: 'Priya', lastName: 'Nair', username: 'priya123', email: 'priya@example.com' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('an unknown landing answers 400 OAUTH_FAILED', async () => {
    const res = await f.redeem(randomBytes(32).toString('base64url'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'OAUTH_FAILED' });
  });

  it('signing in restores an account deleted less than 7 days ago; an older deletion fails', async () => {
    const sub = f.account();
    const { grant } = (await f.redeem(await f.land(sub))).json() as { grant: string };
    const { token } = (await f.finish(grant)).json() as { token: string };
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${API}/user/delete`,
      headers: bearer(token),
      payload: {},
    });
    expect(deleted.statusCode).toBe(200);
    await query(
      t.database,
      `UPDATE users SET deleted_at = now() - interval '3 days' WHERE oidc_subject = '${sub}'`,
    );
    const restored = await f.redeem(await f.land(sub));
    expect(restored.statusCode).toBe(200);
    expect((restored.json() as { message: string }).message).toBe('welcome back: your account is restored');
    const [row] = await query<{ deleted_at: string | null }>(
      t.database,
      `SELECT deleted_at FROM users WHERE oidc_subject = '${sub}'`,
    );
    expect(row!.deleted_at).toBeNull();

    await query(
      t.database,
      `UPDATE users SET deleted_at = now() - interval '8 days' WHERE oidc_subject = '${sub}'`,
    );
    expect((await f.redeem(await f.land(sub))).json()).toMatchObject({ code: 'OAUTH_FAILED' });
  });

  it('deleting a Google account needs a Google sign-in within the last 5 minutes', async () => {
    const sub = f.account();
    const { grant } = (await f.redeem(await f.land(sub))).json() as { grant: string };
    const { token } = (await f.finish(grant)).json() as { token: string };
    const del = (with_: string) =>
      t.app.inject({ method: 'DELETE', url: `${API}/user/delete`, headers: bearer(with_), payload: {} });
    // The session is 6 minutes old: the owner is sent through Google again.
    await query(
      t.database,
      `UPDATE sessions SET created_at = now() - interval '6 minutes'
       WHERE user_id = (SELECT id FROM users WHERE oidc_subject = '${sub}')`,
    );
    const stale = await del(token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({
      success: false,
      code: 'REAUTH_REQUIRED',
      message:
        'To delete your account, please sign in with Google again first, then delete it within 5 minutes.',
    });
    expect((await t.app.inject({ url: `${API}/user`, headers: bearer(token) })).statusCode).toBe(200);
    // Signed in again just now: deleted.
    const again = (await f.redeem(await f.land(sub))).json() as { token: string };
    expect((await del(again.token)).json()).toEqual({
      success: true,
      message: 'Account deleted successfully',
    });
  });

  it('the routes are in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api-docs' })).json() as { paths: Record<string, unknown> };
    for (const path of ['/auth/google', '/auth/google/callback', '/user/oauth-credentials']) {
      expect(doc.paths[`${API}${path}`]).toBeDefined();
    }
  });
});

describe('Sign in with Google: provider trouble and other providers', () => {
  it('a provider that is down lands on the failure, and discovery is tried again on the next request', async () => {
    const provider = await startOidcProvider();
    const t = await createTestApp(provider.env);
    try {
      provider.failNext(1);
      const down = await t.app.inject({ url: `${API}/auth/google` });
      expect(down.statusCode).toBe(302);
      const landing = /^\/homepage\/(.+)$/.exec(down.headers.location as string)?.[1];
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/google`,
        payload: { token: landing },
      });
      expect(res.json()).toMatchObject({ code: 'OAUTH_FAILED' });

      const up = await t.app.inject({ url: `${API}/auth/google` });
      expect(up.statusCode).toBe(302);
      expect(up.headers.location).toMatch(new RegExp(`^${provider.issuer}/`));
    } finally {
      await t.close();
      await provider.close();
    }
  });

  it('reads the email and names from the userinfo endpoint when the ID token does not carry them', async () => {
    const provider = await startOidcProvider({ claimsInUserinfo: true });
    const t = await createTestApp(provider.env);
    try {
      const f = flows(
        () => t,
        () => provider,
      );
      const sub = f.account({ given_name: 'Meera', family_name: 'Iyer' });
      const res = await f.redeem(await f.land(sub));
      expect(res.json()).toMatchObject({
        needsProfile: true,
        profile: { firstName: 'Meera', lastName: 'Iyer', email: `${sub}@gmail.example` },
      });
    } finally {
      await t.close();
      await provider.close();
    }
  });

  it('every Google route answers 404 OAUTH_DISABLED when it is not configured', async () => {
    const t = await createTestApp();
    try {
      const answers = await Promise.all([
        t.app.inject({ url: `${API}/auth/google` }),
        t.app.inject({ url: `${API}/auth/google/callback?code=x&state=y` }),
        t.app.inject({ method: 'POST', url: `${API}/auth/google`, payload: { token: 'x'.repeat(43) } }),
        t.app.inject({ method: 'PUT', url: `${API}/user/oauth-credentials`, payload: {} }),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'OAUTH_DISABLED' });
      }
    } finally {
      await t.close();
    }
  });
});
