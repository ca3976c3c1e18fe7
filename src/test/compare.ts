/** A phone as the comparison table reads it, with only the attributes a test names (compare's factories). */
import type { AttributeItem } from '../shared/api-types.ts';
import type { ComparedProduct } from '../web/features/compare/rows.ts';
import { primeAttribute } from './catalogue.ts';

const prime = primeAttribute;

export const attr = (
  key: string,
  name: string,
  value: AttributeItem['value'],
  display: string,
  quantity_id: number | null = null,
): AttributeItem => ({
  key,
  name,
  value,
  quantity_id,
  display,
  known: value != null,
});

export function phone(o: {
  id: number;
  price: number | null;
  value?: number;
  reviews?: number;
  battery?: number | null;
  camera?: number | null;
  ram?: number;
  weight?: number;
  nfc?: boolean;
  category?: string;
}): ComparedProduct {
  return {
    id: o.id,
    category_id: o.category ?? 'C001',
    price: o.price,
    value: o.value ?? 0,
    total_reviews: o.reviews ?? 0,
    prime_attribute_1: prime('Battery', 'mAh', o.battery ?? null),
    prime_attribute_2: prime('Main camera', 'MP', o.camera ?? null),
    attribute_groups: [
      {
        id: 'about',
        name: 'About',
        attributes: [
          attr('attribute_2', 'Status', 'Available', 'Available'),
          ...(o.weight != null
            ? [attr('attribute_5', 'Net weight', o.weight, `${o.weight * 1000} g`, 17)]
            : []),
        ],
      },
      {
        id: 'basic',
        name: 'Basic',
        attributes: o.ram != null ? [attr('attribute_10', 'RAM', o.ram, `${o.ram} GB`, 1)] : [],
      },
      { id: 'advanced', name: 'Advanced', attributes: [] },
      {
        id: 'premium',
        name: 'Premium',
        attributes: [attr('attribute_22', 'NFC', o.nfc ?? true, o.nfc === false ? 'No' : 'Yes')],
      },
    ],
  };
}
