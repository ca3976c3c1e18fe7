import { describe, expect, it } from 'vitest';
import { variantLabel } from './catalogue-texts.ts';

describe('variantLabel', () => {
  it('names RAM and storage in one way, else keeps the catalogue’s words', () => {
    expect(variantLabel(8, 256, '8GB RAM + 256GB')).toBe('8 GB + 256 GB');
    expect(variantLabel(12, 1024, '12GB RAM + 1TB')).toBe('12 GB + 1 TB');
    expect(variantLabel(1.5, 16, '')).toBe('1.5 GB + 16 GB');
    expect(variantLabel(0.031, 0, '32MB RAM + 32MB')).toBe('32MB RAM + 32MB');
    expect(variantLabel(null, null, 'VX CVT')).toBe('VX CVT');
    expect(variantLabel(null, null, '  ')).toBeNull();
  });
});
