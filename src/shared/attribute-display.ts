import type { AttributeValue } from './attributes.ts';
import { formatDate } from './format.ts';
import { formatQuantity, trimNumber } from './units.ts';

export function formatAttributeValue(a: AttributeValue): string {
  const { v } = a;
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (a.t === 'date' && typeof v === 'string') return formatDate(v);
  if (typeof v === 'number') {
    if (a.q) return formatQuantity(v, a.q);
    const n = trimNumber(v);
    return a.u ? `${n} ${a.u}` : n;
  }
  return a.u ? `${v} ${a.u}` : v;
}
