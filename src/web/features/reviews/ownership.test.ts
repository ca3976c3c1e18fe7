import { describe, expect, it } from 'vitest';
import { ownedFor, ownershipLine } from './ownership.ts';

const at = (owned_since: string | null, created_at: string, updated_at: string | null = null) =>
  ownedFor({ owned_since, created_at, updated_at });

describe('ownedFor', () => {
  it('counts whole months from the month owned to the month written', () => {
    expect(at('2026-03', '2026-08-20T10:00:00.000Z')).toBe('Owned for 5 months');
    expect(at('2025-11', '2026-01-02T10:00:00.000Z')).toBe('Owned for 2 months');
    expect(at('2026-07', '2026-08-01T00:00:00.000Z')).toBe('Owned for 1 month');
  });

  it('says less than a month in the month bought, and nothing when not said', () => {
    expect(at('2026-08', '2026-08-31T10:00:00.000Z')).toBe('Owned for less than a month');
    expect(at(null, '2026-08-31T10:00:00.000Z')).toBeNull();
  });

  it('counts to the last edit: what the review says then', () => {
    expect(at('2026-01', '2026-02-10T10:00:00.000Z', '2026-12-01T10:00:00.000Z')).toBe('Owned for 11 months');
  });
});

describe('ownershipLine', () => {
  const review = { owned_since: '2026-03', created_at: '2026-08-20T10:00:00.000Z', updated_at: null };

  it('names the variant and how long it is owned, or either alone', () => {
    const variant = { id: 7, label: '8 GB + 256 GB' };
    expect(ownershipLine({ ...review, variant })).toBe('Owns the 8 GB + 256 GB · Owned for 5 months');
    expect(ownershipLine({ ...review, variant, owned_since: null })).toBe('Owns the 8 GB + 256 GB');
    expect(ownershipLine({ ...review, variant: null })).toBe('Owned for 5 months');
    expect(ownershipLine({ ...review, variant: null, owned_since: null })).toBeNull();
  });
});
