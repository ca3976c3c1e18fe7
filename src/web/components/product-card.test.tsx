import { describe, expect, it } from 'vitest';
import '../i18n/hindi.ts';
import { cardPrice, cardVariant } from './product-card.tsx';

describe('a card is one phone (issue 18)', () => {
  const phone = { variant: '8 GB + 128 GB', price: 29999, price_from: 29999, variant_count: 3 };

  it('says "from ₹X" and how many variants the phone has', () => {
    expect(cardPrice(phone)).toBe('from ₹29,999');
    expect(cardVariant(phone)).toBe('3 variants');
  });

  it("shows the variant a filter picked, with that variant's price", () => {
    const picked = { ...phone, variant: '12 GB + 256 GB', price: 35999 };
    expect(cardPrice(picked)).toBe('₹35,999');
    expect(cardVariant(picked)).toBe('12 GB + 256 GB · 3 variants');
  });

  it('shows a one-variant product as before', () => {
    const one = { ...phone, variant_count: 1 };
    expect(cardPrice(one)).toBe('₹29,999');
    expect(cardVariant(one)).toBe('8 GB + 128 GB');
  });
});

describe('a card in Hindi (issue 25)', () => {
  it('says "from" and the variants in Hindi', () => {
    const phone = { variant: '12 GB + 256 GB', price: 29999, price_from: 29999, variant_count: 3 };
    expect(cardPrice(phone, 'hi')).toBe('₹29,999 से शुरू');
    expect(cardVariant(phone, 'hi')).toBe('3 वेरिएंट');
    expect(cardVariant({ ...phone, price: 35999 }, 'hi')).toBe('12 GB + 256 GB · 3 वेरिएंट');
  });
});
