import type { PrimeAttribute } from '../shared/api-types.ts';

/** A prime attribute of a product page for component tests: its name, unit and value, no ranges. */
export const primeAttribute = (name: string, unit: string, value: number | null): PrimeAttribute => ({
  name,
  unit,
  step: 1,
  value,
  all: { min: null, max: null },
  common: { min: null, max: null },
});
