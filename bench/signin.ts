import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import autocannon, { type Options } from 'autocannon';
import { LOAD } from './load.ts';
import type { Budget } from './report.ts';

/** Sign-ins at once while the plain JSON route is timed: argon2id must not hold up other requests. */
export const SIGN_IN_CONNECTIONS = 20;
export const HEALTHZ_P99_BUDGET_MS = 10;

export interface Timed {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface SignInBench {
  signIn: Timed;
  healthzAlone: Timed;
  healthzDuringSignIns: Timed;
  signInDuringHealthz: Timed;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

export const PASSWORD = 'Bench#Sign1n2024';

/** A real account, signed up through the API with a solved CAPTCHA. */
export async function makeUser(baseUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/user/api/v1/auth/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const username = `bench${Date.now()}1`;
  const res = await fetch(`${baseUrl}/user/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'User',
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      captcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    }),
  });
  if (res.status !== 201)
    throw new Error(`sign-up for the sign-in bench failed: ${res.status} ${await res.text()}`);
  return username;
}

async function run(opts: Options): Promise<Timed> {
  const times: number[] = [];
  const r = await autocannon(opts).on('response', (_c, status, _b, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  times.sort((a, b) => a - b);
  return {
    rps: r.requests.average,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export async function benchSignIn(baseUrl: string): Promise<SignInBench> {
  const login = await makeUser(baseUrl);
  const signInOpts = {
    url: `${baseUrl}/user/api/v1/auth/sign-in`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: PASSWORD }),
    connections: SIGN_IN_CONNECTIONS,
  };
  const healthzOpts = { url: `${baseUrl}/healthz`, connections: 1 };
  process.stdout.write(`  sign-in (${SIGN_IN_CONNECTIONS} connections) … `);
  await run({ ...signInOpts, duration: LOAD.warmupSeconds });
  const signIn = await run({ ...signInOpts, duration: LOAD.durationSeconds });
  process.stdout.write(
    `${signIn.rps.toFixed(0)}/s, p50 ${signIn.p50.toFixed(0)} ms, p99 ${signIn.p99.toFixed(0)} ms\n`,
  );
  process.stdout.write('  /healthz alone (1 connection) … ');
  const healthzAlone = await run({ ...healthzOpts, duration: LOAD.durationSeconds });
  process.stdout.write(`p99 ${healthzAlone.p99.toFixed(1)} ms\n`);
  process.stdout.write(`  /healthz (1 connection) during ${SIGN_IN_CONNECTIONS} sign-ins at once … `);
  const [healthzDuringSignIns, signInDuringHealthz] = await Promise.all([
    run({ ...healthzOpts, duration: LOAD.durationSeconds }),
    run({ ...signInOpts, duration: LOAD.durationSeconds + 1 }),
  ]);
  process.stdout.write(`p99 ${healthzDuringSignIns.p99.toFixed(1)} ms\n`);
  return { signIn, healthzAlone, healthzDuringSignIns, signInDuringHealthz };
}

export function signInTable(r: SignInBench): string {
  const row = (name: string, t: Timed) =>
    `${name.padEnd(44)} ${t.rps.toFixed(0).padStart(6)} ${t.p50.toFixed(1).padStart(7)} ${t.p99.toFixed(1).padStart(7)} ${String(t.non2xx + t.errors).padStart(11)}`;
  return [
    `\nSign-in (POST /user/api/v1/auth/sign-in, argon2id m=19456 KiB t=2 p=1, PGlite server)`,
    `${'measure'.padEnd(44)} ${'req/s'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} non-2xx+err`,
    row(`sign-in, ${SIGN_IN_CONNECTIONS} connections`, r.signIn),
    row('/healthz alone, 1 connection', r.healthzAlone),
    row(`/healthz during ${SIGN_IN_CONNECTIONS} sign-ins at once`, r.healthzDuringSignIns),
    row(`sign-in (${SIGN_IN_CONNECTIONS}) while /healthz is timed`, r.signInDuringHealthz),
  ].join('\n');
}

/**
 * The sign-ins run during the /healthz timing must keep at least this share of the sign-in rate measured alone:
 * otherwise a fast /healthz could only mean the sign-ins were failing or stalled meanwhile.
 */
export const SIGN_IN_DURING_HEALTHZ_MIN_SHARE = 0.5;

export function checkSignInBudget(r: SignInBench): Budget[] {
  const bad = r.signIn.non2xx + r.signIn.errors;
  const badDuring = r.signInDuringHealthz.non2xx + r.signInDuringHealthz.errors;
  const minDuringRps = SIGN_IN_DURING_HEALTHZ_MIN_SHARE * r.signIn.rps;
  return [
    {
      name: `/healthz p99 while ${SIGN_IN_CONNECTIONS} sign-ins run at once`,
      limit: `< ${HEALTHZ_P99_BUDGET_MS} ms, while the sign-ins all succeed at ≥ ${SIGN_IN_DURING_HEALTHZ_MIN_SHARE * 100}% of their rate alone`,
      actual: `${r.healthzDuringSignIns.p99.toFixed(1)} ms (alone ${r.healthzAlone.p99.toFixed(1)} ms; sign-ins ${r.signIn.rps.toFixed(0)}/s, p50 ${r.signIn.p50.toFixed(0)} ms, p99 ${r.signIn.p99.toFixed(0)} ms${bad ? `, ${bad} failed` : ''}; meanwhile ${r.signInDuringHealthz.rps.toFixed(1)}/s${badDuring ? `, ${badDuring} failed` : ''})`,
      pass:
        r.healthzDuringSignIns.p99 < HEALTHZ_P99_BUDGET_MS &&
        bad === 0 &&
        r.signIn.rps > 0 &&
        badDuring === 0 &&
        r.signInDuringHealthz.rps >= minDuringRps,
    },
  ];
}
