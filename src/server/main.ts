/**
 * Entry point. React picks its production or development build from NODE_ENV when first imported, so
 * NODE_ENV is settled here before anything else loads: production unless started with --dev.
 * The operator's own environment (e.g. whether they set NODE_ENV=production) still drives the config.
 */
const dev = process.argv.includes('--dev');
const env = { ...process.env };
process.env.NODE_ENV ??= dev ? 'development' : 'production';
(globalThis as { __verdictStart?: unknown }).__verdictStart = { dev, env };
await import('./start.ts');
export {};
