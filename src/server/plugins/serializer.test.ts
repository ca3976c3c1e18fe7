import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shared } from '../lib/shared-value.ts';
import { sharedBodySerializer } from './serializer.ts';

describe('sharedBodySerializer', () => {
  let checks = 0;
  const Body = z.object({ name: z.string().refine(() => ++checks > 0), list: z.array(z.number()) });
  const app = Fastify();
  const cached = shared({ name: 'Galaxy S24 FE', list: [1, 2] });
  const wrong = shared({ name: 7, list: [] }) as unknown as z.infer<typeof Body>;

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(sharedBodySerializer);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const schema = { response: { 200: Body } };
    r.get('/shared', { schema }, async () => cached);
    r.get('/fresh', { schema }, async () => ({ name: 'Galaxy S24 FE', list: [1, 2] }));
    r.get('/wrong', { schema }, async () => wrong);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('checks and stringifies a shared (frozen) body once, however often it is sent', async () => {
    checks = 0;
    for (let i = 0; i < 3; i++) {
      const res = await get('/shared');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ name: 'Galaxy S24 FE', list: [1, 2] });
    }
    expect(checks).toBe(1);
  });

  it('checks every other body on every request', async () => {
    checks = 0;
    for (let i = 0; i < 3; i++) expect((await get('/fresh')).json()).toEqual(cached);
    expect(checks).toBe(3);
  });

  it('never keeps a body that does not match its schema: each request fails as before', async () => {
    for (let i = 0; i < 2; i++) expect((await get('/wrong')).statusCode).toBe(500);
  });
});

describe('shared', () => {
  it('freezes the value and everything it holds', () => {
    const value = shared({ products: [{ id: 1, tags: ['5g'] }], total: 1 });
    expect(Object.isFrozen(value.products[0]!.tags)).toBe(true);
    expect(() => {
      (value.products[0] as { id: number }).id = 2;
    }).toThrow(TypeError);
  });
});
