/**
 * Every route of the API, from its OpenAPI document (so a new route is covered the day it is added), sent
 * missing, wrong-type, too-short and too-long values in each path, query, header and body parameter, signed in
 * as an admin: no answer may be a 500, and none may carry zod's own wording.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { member } from '../../test/community.ts';
import { hashPassword } from '../modules/account/passwords.ts';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/** zod's default English messages, which must never reach anyone. */
const ZOD_WORDING =
  /Invalid input|Invalid option|Invalid string|Invalid number|Invalid key|Invalid value|Invalid element|Too big|Too small|Unrecognized key|expected \w+|received \w+|to have [<>]=?|to be [<>]=?/;

const MISSING = Symbol('missing');
type Value = unknown;

/** Values that some string pattern of ours accepts (ids, usernames, sessions, orders, campaigns). */
const PATTERN_SAMPLES = [
  '1',
  'C001',
  'CP001',
  'asha42',
  'order_walker1',
  'abcdefghijklmnopqrstuvwx',
  '123456',
  '9876543210',
];

function typeOf(s: JsonSchema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
}

function firstOption(s: JsonSchema): JsonSchema {
  const options = s.anyOf ?? s.oneOf;
  if (options)
    return firstOption(options.find((o) => typeOf(o) !== 'null' && !o.enum?.includes('')) ?? options[0]!);
  if (s.allOf?.length && !s.type) return firstOption(s.allOf[0]!);
  return s;
}

/** A value the schema's JSON description accepts (refinements aside). */
function validValue(schema: JsonSchema): Value {
  const s = firstOption(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      const exclusive = typeof s.exclusiveMinimum === 'number' || s.exclusiveMinimum === true;
      const low = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.minimum;
      let v = low === undefined ? 1 : exclusive ? low + 1 : low;
      if (s.multipleOf) v = Math.ceil(v / s.multipleOf) * s.multipleOf;
      return s.maximum === undefined ? v : Math.min(v, s.maximum);
    }
    case 'boolean':
      return true;
    case 'array':
      return s.minItems ? [validValue(s.items ?? {})] : [];
    case 'object':
      return validObject(s);
    default: {
      if (s.format === 'email') return 'walker@example.com';
      if (s.format === 'uri') return 'https://example.com/';
      const fits = (v: string) =>
        (!s.pattern || new RegExp(s.pattern, 'u').test(v)) &&
        v.length >= (s.minLength ?? 0) &&
        v.length <= (s.maxLength ?? Infinity);
      return PATTERN_SAMPLES.find(fits) ?? 'a'.repeat(Math.max(s.minLength ?? 1, 1));
    }
  }
}

/** An object with valid values for its required properties. */
function validObject(schema: JsonSchema): Record<string, Value> {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([k]) => required.has(k))
      .map(([k, v]) => [k, validValue(v)]),
  );
}

/** Invalid values for one parameter: missing, of the wrong type, below and above its limits. */
function badValues(schema: JsonSchema, where: 'path' | 'query' | 'header' | 'body'): Value[] {
  const s = firstOption(schema);
  const type = typeOf(s);
  const out: Value[] = [MISSING];
  if (where === 'body') out.push(type === 'string' ? 12345 : 'text', null, [1, 2]);
  else out.push(type === 'string' && !s.enum && !s.pattern ? ['one', 'two'] : 'not-a-valid-value!');
  if (type === 'integer' || type === 'number') {
    out.push(1.5);
    const low = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.minimum;
    if (low !== undefined) out.push(low - 1);
    out.push(s.maximum === undefined ? 1e300 : s.maximum + 1);
  }
  if (type === 'string') {
    if (s.minLength) out.push('a'.repeat(s.minLength - 1));
    out.push('a'.repeat((s.maxLength ?? 100_000) + 1));
  }
  if (type === 'array') out.push(['x'.repeat(10_000), ...Array.from({ length: 60 }, (_, i) => String(i))]);
  return out;
}

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  const admin = await member(t, { role: 'admin' });
  headers = admin.headers;
  // With a password, so that no request of the walk can delete the account (deletion asks for it).
  await t.database.db.execute(
    sql`UPDATE users SET password_hash = ${await hashPassword('Walker#Pass2024')} WHERE id = ${admin.id}`,
  );
});
afterAll(() => t.close());

describe('validation messages', () => {
  it('never answers with zod’s wording or a 500, whatever a route is sent', async () => {
    const doc = (await t.app.inject('/api-docs')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const problems: string[] = [];
    let requests = 0;
    let routes = 0;

    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const params = op.parameters ?? [];
        const raw = op.requestBody?.content?.['application/json']?.schema;
        const body = raw && firstOption(raw);
        if (!params.length && !body) continue;
        routes += 1;
        // What each change is made to: the required parameters, valid; the optional ones left out.
        const base = {
          params: Object.fromEntries(
            params.map((p) => [`${p.in}:${p.name}`, p.required ? validValue(p.schema) : MISSING]),
          ),
          body: body ? validObject(body) : undefined,
        };

        const send = async (change: { params?: Record<string, Value>; body?: Value }, label: string) => {
          const values = { ...base.params, ...change.params };
          let url = template;
          const query = new URLSearchParams();
          const extra: Record<string, string> = {};
          for (const p of params) {
            const v = values[`${p.in}:${p.name}`];
            if (p.in === 'path')
              url = url.replace(`{${p.name}}`, v === MISSING ? '' : encodeURIComponent(String(v)));
            else if (v === MISSING || v === undefined) continue;
            else if (p.in === 'header') extra[p.name] = String(v);
            else for (const one of Array.isArray(v) ? v : [v]) query.append(p.name, String(one));
          }
          const payload = 'body' in change ? change.body : base.body;
          const sent = payload !== MISSING && payload !== undefined;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: query.size ? `${url}?${query}` : url,
            headers: { ...headers, ...extra, ...(sent ? { 'content-type': 'application/json' } : {}) },
            ...(sent ? { payload: JSON.stringify(payload) } : {}),
          });
          requests += 1;
          const where = `${method.toUpperCase()} ${template} ${label}`;
          if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          const found = res.statusCode >= 400 ? ZOD_WORDING.exec(res.body) : null;
          if (found) problems.push(`${where}: "${found[0]}" in ${res.body.slice(0, 300)}`);
        };

        for (const p of params) {
          for (const v of badValues(p.schema, p.in)) {
            await send(
              { params: { [`${p.in}:${p.name}`]: v } },
              `${p.in} ${p.name}=${String(v).slice(0, 20)}`,
            );
          }
        }
        if (body) {
          for (const v of [MISSING, {}, [], 'text', 42, null])
            await send({ body: v }, `body=${JSON.stringify(v)}`);
          for (const [name, schema] of Object.entries(body.properties ?? {})) {
            for (const v of badValues(schema, 'body')) {
              const changed = { ...base.body };
              if (v === MISSING) delete changed[name];
              else changed[name] = v;
              await send({ body: changed }, `body.${name}=${JSON.stringify(v)?.slice(0, 20)}`);
            }
          }
        }
      }
    }

    expect(problems).toEqual([]);
    // The walk really walked: most of the API takes parameters.
    expect(routes).toBeGreaterThan(70);
    expect(requests).toBeGreaterThan(500);
    // …and as a signed-in user throughout, so no answer was a 401 standing in for the route's own checks.
    expect((await t.app.inject({ url: '/user/api/v1/user', headers })).statusCode).toBe(200);
  });
});
