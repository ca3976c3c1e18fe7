import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../shared/messages.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { registerErrorHandling } from './errors.ts';

describe('error handling', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Real queries through the real driver: drizzle wraps what PostgreSQL says in its own error (`cause`).
    t = await createTestApp({}, (app) => {
      const db = () => t.services.database.db;
      app.get('/test/out-of-range', async () => db().execute(sql`SELECT ${2 ** 40}::int`));
      app.get('/test/nul', async () => db().execute(sql`SELECT ${'a\u0000b'}::text`));
      app.get('/test/taken', async () => {
        await db().execute(sql`INSERT INTO users (username, first_name, last_name, email)
          VALUES ('twice_1', 'A', 'B', 'twice1@example.com')`);
        return db().execute(sql`INSERT INTO users (username, first_name, last_name, email)
          VALUES ('Twice_1', 'A', 'B', 'twice2@example.com')`);
      });
      app.get('/test/missing-table', async () => db().execute(sql`SELECT * FROM no_such_table`));
      app.withTypeProvider<ZodTypeProvider>().post(
        '/test/validation',
        {
          schema: {
            querystring: z.object({ page: z.coerce.number().int().max(50).default(0) }),
            body: z.object({ firstName: z.string().max(50), kind: z.enum(['bug', 'feature']) }),
          },
        },
        async () => ({ success: true }),
      );
    });
  });
  afterAll(() => t.close());

  it('answers 400, not 500, for a value the database refuses (SQLSTATE class 22)', async () => {
    for (const path of ['/test/out-of-range', '/test/nul']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'VALIDATION',
        message: ERRORS.UNSTORABLE_VALUE.message,
      });
    }
  });

  it('answers a lost race for a unique username with the check’s own answer', async () => {
    const res = await t.app.inject('/test/taken');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USERNAME_TAKEN', field: 'username' });
  });

  it('names a query parameter as sent, and gives a form field our sentence, never zod’s wording', async () => {
    const send = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const body = { firstName: 'Asha', kind: 'bug' };
    expect((await send('/test/validation?page=x', body)).json().message).toBe(
      "Invalid query parameter 'page': must be a number",
    );
    expect((await send('/test/validation?page=51', body)).json().message).toBe(
      "Invalid query parameter 'page': must be at most 50",
    );
    const form = await send('/test/validation', { firstName: 'A'.repeat(51), kind: 'other' });
    expect(form.json()).toEqual({
      success: false,
      code: 'VALIDATION',
      message: 'First name must be at most 50 characters.',
      field: 'firstName',
      fields: {
        firstName: 'First name must be at most 50 characters.',
        kind: "Kind must be one of 'bug', 'feature'.",
      },
    });
  });

  it('answers 500 "Something went wrong!" for any other fault', async () => {
    const res = await t.app.inject('/test/missing-table');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, code: 'INTERNAL', message: 'Something went wrong!' });
  });

  it('reads the SQLSTATE of an unwrapped driver error too', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/bare', () => {
      throw Object.assign(new Error('db said no'), { code: '22021' });
    });
    expect((await app.inject('/bare')).statusCode).toBe(400);
    await app.close();
  });
});
