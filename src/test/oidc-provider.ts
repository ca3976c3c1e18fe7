/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1 for Google sign-in tests, and a tiny "browser" that
 * signs in at it.
 *
 * How the browser part works (reliable, no HTML parsing beyond one attribute): `signInAt(authorizationUrl, sub)`
 * follows redirects by hand with fetch (`redirect: 'manual'`) and keeps the provider's cookies in a jar that
 * ignores paths (the provider's cookie names differ per step, so sending all of them is harmless). Whenever it
 * lands on a dev-interaction page (`/interaction/:uid`), it reads the hidden `prompt` field and posts the form
 * back to the same URL: `prompt=login` with `login=<sub>` (the dev login takes the login as the account id,
 * any password), then `prompt=consent`. It stops at the first redirect to a registered redirect URI and
 * returns that URL (code, state, iss) without following it: the test hands it to our app with app.inject.
 * `deny: true` presses "cancel" instead, so the provider redirects with `error=access_denied`.
 *
 * Claims come from `accounts` (sub → email, email_verified, given_name, family_name), which a test fills before
 * signing in. By default the ID token carries them, as Google's does; `claimsInUserinfo: true` makes the provider
 * conform to the spec's default and keep them for the userinfo endpoint instead.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider 9 ships no type declarations; the one member used is typed below.
import { Provider as UntypedProvider } from 'oidc-provider';

type ProviderClass = new (
  issuer: string,
  configuration: Record<string, unknown>,
) => { callback(): (req: IncomingMessage, res: ServerResponse) => void };
const Provider = UntypedProvider as ProviderClass;

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** sub → claims; an unknown sub signs in with no claims but `sub`. */
  accounts: Map<string, TestAccount>;
  /** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and PUBLIC_URL for createTestApp. */
  env: Record<string, string>;
  /** The next `n` requests get 503, as from a provider that is down. */
  failNext(n: number): void;
  /** Signs in as `sub` (login, then consent) and returns the redirect to the client's callback, unfollowed. */
  signInAt(authorizationUrl: string, sub: string, options?: { deny?: boolean }): Promise<URL>;
  close(): Promise<void>;
}

export async function startOidcProvider(
  options: { publicUrl?: string; claimsInUserinfo?: boolean } = {},
): Promise<TestOidcProvider> {
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const redirectUri = `${publicUrl}/user/api/v1/auth/google/callback`;
  const clientId = 'verdict-test';
  const clientSecret = 'verdict-test-secret-0123456789abcdef';
  const accounts = new Map<string, TestAccount>();

  // The issuer URL needs the port, so the server listens first and the provider is attached after.
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  let failures = 0;
  const server = createServer((req, res) => {
    if (failures > 0) {
      failures -= 1;
      res.writeHead(503).end();
    } else handler?.(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...accounts.get(sub) }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: options.claimsInUserinfo ?? false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['verdict-test-cookie-key'] },
    // Set, so the provider does not print a notice for each default it falls back to.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  handler = provider.callback();

  async function signInAt(authorizationUrl: string, sub: string, { deny = false } = {}): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let body: URLSearchParams | undefined;
    for (let step = 0; step < 20; step += 1) {
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        body,
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        // An emptied cookie is the provider deleting it.
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      body = undefined;
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        const next = new URL(location, url);
        if (`${next.origin}${next.pathname}` === redirectUri) return next;
        url = next;
        continue;
      }
      const html = await res.text();
      const prompt = /name="prompt" value="(login|consent)"/.exec(html)?.[1];
      if (res.status !== 200 || !prompt)
        throw new Error(`unexpected provider page ${res.status} at ${url}: ${html.slice(0, 500)}`);
      if (deny) {
        url = new URL(`${url.pathname}/abort`, url);
        continue;
      }
      body = new URLSearchParams(prompt === 'login' ? { prompt, login: sub, password: 'any' } : { prompt });
    }
    throw new Error('too many steps at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      PUBLIC_URL: publicUrl,
    },
    failNext: (n) => {
      failures = n;
    },
    signInAt,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
