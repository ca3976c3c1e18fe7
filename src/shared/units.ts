/**
 * Physical quantities (spec section 9): a stored value times the factor gives the displayed value in the unit.
 * Values are stored in base units (Ah, kg, m, m/s...) and converted for display.
 */
import { indianNumber } from './indian-format.ts';

export const QUANTITIES: Record<number, { factor: number; unit: string }> = {
  1: { factor: 1, unit: 'GB' },
  2: { factor: 1, unit: 'Mbps' },
  3: { factor: 1000, unit: 'mAh' },
  4: { factor: 1, unit: 'V' },
  5: { factor: 1, unit: 'ohm' },
  6: { factor: 1, unit: 'N' },
  7: { factor: 1, unit: 'Hz' },
  8: { factor: 100, unit: 'cm' },
  9: { factor: 1, unit: 'lm' },
  10: { factor: 1, unit: 'PPI' },
  11: { factor: 1, unit: 'W' },
  12: { factor: 1, unit: 'MP' },
  13: { factor: 3.6, unit: 'km/h' },
  14: { factor: 1, unit: 'K' },
  15: { factor: 1, unit: 's' },
  16: { factor: 1, unit: 'L' },
  17: { factor: 1000, unit: 'g' },
};

/** A plain number to two decimals at most, Indian grouping: 1498 → '1,498', 5.2 → '5.2'. */
export function trimNumber(n: number): string {
  return indianNumber(Number(n.toFixed(2)));
}

/** Converts a stored value with a quantity id into display text, e.g. (5, 3) → '5,000 mAh'. */
export function formatQuantity(value: number, quantityId: number): string {
  const q = QUANTITIES[quantityId];
  if (!q) return trimNumber(value);
  return `${trimNumber(value * q.factor)} ${q.unit}`;
}

/** The inverse: a display value in the unit back to the stored base value. */
export function toBaseValue(displayValue: number, quantityId: number): number {
  const q = QUANTITIES[quantityId];
  return q ? displayValue / q.factor : displayValue;
}
