import { describe, expect, it } from 'vitest';
import { fieldLabel, z } from './zod.ts';

const messages = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('our zod messages', () => {
  const schema = z.object({
    firstName: z.string().trim().min(1).max(50),
    summary: z.string().min(5),
    size: z.coerce.number().int().min(1).max(50),
    reason_id: z.number().positive(),
    email: z.email(),
    sort: z.enum(['newest', 'oldest']),
    releasedWithin: z.union([z.literal(''), z.coerce.number().pipe(z.union([z.literal(12), z.literal(24)]))]),
    follow: z.boolean(),
  });

  it('name the field and the limit, for every kind of rule', () => {
    expect(messages(schema, {})).toEqual([
      'First name is required.',
      'Summary is required.',
      'Size must be a number.',
      'Reason ID is required.',
      'Email is required.',
      "Sort must be one of 'newest', 'oldest'.",
      'Released within is required.',
      'Follow is required.',
    ]);
    expect(
      messages(schema, {
        firstName: 'x'.repeat(51),
        summary: 'abc',
        size: '51',
        reason_id: 0,
        email: 'not-an-email',
        sort: 'best',
        releasedWithin: '7',
        follow: 'yes',
      }),
    ).toEqual([
      'First name must be at most 50 characters.',
      'Summary must be at least 5 characters.',
      'Size must be at most 50.',
      'Reason ID must be more than 0.',
      'Email must be a valid email address.',
      "Sort must be one of 'newest', 'oldest'.",
      'Released within must be one of 12, 24.',
      'Follow must be true or false.',
    ]);
    expect(
      messages(schema, { ...{}, firstName: ' ', size: '1.5', releasedWithin: 'x', follow: [true] }),
    ).toEqual(
      expect.arrayContaining([
        'First name cannot be left blank.',
        'Size must be a whole number.',
        'Released within must be a number.',
        'Follow must be a single value, not a list.',
      ]),
    );
    expect(messages(schema, 'text')).toEqual(['Please send the data as a JSON object.']);
    expect(messages(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toEqual([
      'This field is not accepted: b.',
    ]);
  });

  it('leave a rule’s own message alone', () => {
    expect(messages(z.object({ name: z.string().max(2, 'Too long, friend.') }), { name: 'abc' })).toEqual([
      'Too long, friend.',
    ]);
  });

  it('spell field names as words', () => {
    expect(fieldLabel(['dateOfBirth'])).toBe('Date of birth');
    expect(fieldLabel(['review_id'])).toBe('Review ID');
    expect(fieldLabel(['brand', 1])).toBe('Brand (item 2)');
    expect(fieldLabel([])).toBe('This value');
  });
});
