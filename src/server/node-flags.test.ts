import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from './node-flags.ts';

describe('NODE_FLAGS', () => {
  it('are what npm start runs the server with', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(`exec node ${NODE_FLAGS.join(' ')} dist/main.js`);
  });
});
