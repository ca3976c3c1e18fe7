/**
 * zod, configured once for the server and the browser: every schema in src/shared and src/web takes `z` from
 * here (lint enforces it), so this runs before any schema is built.
 *
 * - Messages: a rule without a message of its own gets a sentence of ours naming the field and the limit
 *   ('First name must be at most 50 characters.'), never zod's default wording ('Too big: expected string to
 *   have <=50 characters'). Rules with a message (the spec's texts) keep theirs.
 * - In the browser, no eval: zod would otherwise probe `new Function` when it builds an object schema (to
 *   compile a faster parser), which the strict Content-Security-Policy reports as a violation. The server keeps
 *   the compiled parsers.
 */
import { z } from 'zod';
import { indianNumber } from './indian-format.ts';

/** Names that the generic rule below would spell badly. */
const LABELS: Record<string, string> = {
  id: 'ID',
  qid: 'Question ID',
  rid: 'Review ID',
  productid: 'Product ID',
  searchQuery: 'Search text',
  budgetMin: 'Minimum budget',
  budgetMax: 'Maximum budget',
  prime1Min: 'Minimum of the first key specification',
  prime1Max: 'Maximum of the first key specification',
  prime2Min: 'Minimum of the second key specification',
  prime2Max: 'Maximum of the second key specification',
  getPrimeAttributeRanges: 'The key specification ranges switch',
  'x-razorpay-signature': 'The Razorpay signature header',
};
const ACRONYMS: Record<string, string> = { id: 'ID', url: 'URL', otp: 'OTP', ids: 'IDs', captcha: 'CAPTCHA' };

/** The field a path points at, in words: ['firstName'] → 'First name', ['review_id'] → 'Review ID'. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const keys = path.filter((k): k is string => typeof k === 'string');
  const key = keys.at(-1);
  if (key === undefined) return 'This value';
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(' ') || key;
  const label = text.charAt(0).toUpperCase() + text.slice(1);
  // An item of a list: 'Brand (item 2)'.
  const index = path.at(-1);
  return typeof index === 'number' ? `${label} (item ${index + 1})` : label;
}

const num = (n: number | bigint) => indianNumber(n, 3);
const quoted = (v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v));

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  date: 'a date',
  array: 'a list',
  tuple: 'a list',
  object: 'a group of fields (a JSON object)',
  record: 'a group of fields (a JSON object)',
  map: 'a group of fields (a JSON object)',
  set: 'a list',
  file: 'a file',
  null: 'empty (null)',
};

const SIZE_UNITS: Record<string, [one: string, many: string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  map: ['entry', 'entries'],
  file: ['byte', 'bytes'],
};
const sized = (n: number | bigint, origin: string) => {
  const units = SIZE_UNITS[origin];
  return units ? `${num(n)} ${Number(n) === 1 ? units[0] : units[1]}` : num(n);
};

/** Our sentence for an issue whose rule gave no message. */
export function describeIssue(issue: z.core.$ZodRawIssue): string {
  const path = issue.path ?? [];
  const field = fieldLabel(path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) {
        return path.length ? `${field} is required.` : 'Please send the data as a JSON object.';
      }
      if (!path.length && issue.expected === 'object') return 'Please send the data as a JSON object.';
      // A query parameter given twice arrives as a list, as does a list sent for a single value.
      if (Array.isArray(issue.input) && issue.expected !== 'array' && issue.expected !== 'tuple') {
        return `${field} must be a single value, not a list.`;
      }
      return `${field} must be ${TYPE_WORDS[issue.expected] ?? `of type ${issue.expected}`}.`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `${field} must be ${quoted(issue.values[0])}.`
        : `${field} must be one of ${issue.values.map(quoted).join(', ')}.`;
    case 'too_big': {
      const n = sized(issue.maximum, issue.origin);
      if (issue.exact) return `${field} must be exactly ${n}.`;
      if (issue.origin === 'date') return `${field} must be on or before ${String(issue.maximum)}.`;
      return issue.inclusive === false
        ? `${field} must be less than ${n}.`
        : `${field} must be at most ${n}.`;
    }
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) === 1 && !issue.exact) {
        return `${field} cannot be left blank.`;
      }
      const n = sized(issue.minimum, issue.origin);
      if (issue.exact) return `${field} must be exactly ${n}.`;
      if (issue.origin === 'date') return `${field} must be on or after ${String(issue.minimum)}.`;
      return issue.inclusive === false
        ? `${field} must be more than ${n}.`
        : `${field} must be at least ${n}.`;
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return `${field} must be a valid email address.`;
        case 'url':
          return `${field} must be a web address such as https://example.com.`;
        case 'date':
          return `${field} must be a date written as YYYY-MM-DD.`;
        case 'datetime':
          return `${field} must be a date and time in ISO 8601 format.`;
        case 'starts_with':
          return `${field} must start with ${quoted(issue.prefix)}.`;
        case 'ends_with':
          return `${field} must end with ${quoted(issue.suffix)}.`;
        case 'includes':
          return `${field} must contain ${quoted(issue.includes)}.`;
        default:
          return `${field} is not in the right format.`;
      }
    case 'not_multiple_of':
      return `${field} must be a multiple of ${num(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `${issue.keys.length > 1 ? 'These fields are' : 'This field is'} not accepted: ${issue.keys.join(', ')}.`;
    case 'invalid_union': {
      // Every option failed at its type ('' | a number, one of several literals): say what the options take.
      const firsts = issue.errors.flatMap((option) => option.slice(0, 1));
      if (firsts.length && firsts.every((i) => i.code === 'invalid_value')) {
        return describeIssue({
          code: 'invalid_value',
          path,
          input: issue.input,
          values: firsts.flatMap((i) => i.values),
        });
      }
      const last = firsts.at(-1);
      return last
        ? describeIssue({ ...last, path, input: issue.input } as z.core.$ZodRawIssue)
        : `${field} is not valid.`;
    }
    default:
      // invalid_key, invalid_element, custom: a rule of several parts that did not say why.
      return `${field} is not valid.`;
  }
}

z.config({
  customError: describeIssue,
  ...(typeof document === 'undefined' ? {} : { jitless: true }),
});

export { z };
