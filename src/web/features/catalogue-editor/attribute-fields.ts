/**
 * The 24 attributes as form fields: each a text box with its unit (a physical quantity of the spec, whose value
 * the form shows in the unit and stores in the base unit), turned back into the API's values.
 */
import { ATTRIBUTE_GROUPS, ATTRIBUTE_NAMES, type AttributeValue } from '../../../shared/attributes.ts';
import type { AttributeInput } from '../../../shared/catalogue-editing.ts';
import type { CategoryId } from '../../../shared/constants.ts';
import { QUANTITIES, toBaseValue } from '../../../shared/units.ts';

export interface AttributeField {
  key: string;
  name: string;
  /** The text in the box: numbers in the unit shown, lists comma-separated, yes/no. */
  text: string;
  /** A quantity id (as a string, '' for none). */
  quantity: string;
  kind: 'text' | 'list' | 'yesno' | 'date';
  /** What the box and unit held when the form opened: only fields changed since are sent. */
  initial: string;
}

/** Phones' usual units for a new listing (the import's): weight g, battery mAh, camera MP, RAM/storage GB, charging W. */
const PHONE_UNITS: Record<number, number> = { 5: 17, 7: 3, 8: 12, 10: 1, 11: 1, 19: 11 };
const PHONE_KINDS: Record<number, AttributeField['kind']> = {
  1: 'date',
  3: 'list',
  18: 'list',
  22: 'yesno',
  24: 'list',
};

export const UNIT_OPTIONS = [
  { value: '', label: 'No unit' },
  ...Object.entries(QUANTITIES).map(([id, q]) => ({ value: id, label: q.unit })),
];

const round = (n: number) => Number(n.toFixed(6));

function kindOf(category: CategoryId, n: number, a: AttributeValue | undefined): AttributeField['kind'] {
  if (a && typeof a.v === 'boolean') return 'yesno';
  if (a && Array.isArray(a.v)) return 'list';
  if (a?.t === 'date') return 'date';
  return (category === 'C001' && PHONE_KINDS[n]) || 'text';
}

/** The category's attributes, by the product page's groups, filled from `values`. */
export function attributeFields(category: CategoryId, values: Record<string, AttributeValue>) {
  const names = ATTRIBUTE_NAMES[category];
  return ATTRIBUTE_GROUPS.map((g) => ({
    id: g.id,
    name: g.name,
    fields: Array.from({ length: g.to - g.from + 1 }, (_, i) => g.from + i).map((n): AttributeField => {
      const key = `attribute_${n}`;
      const a = values[key];
      const q = a?.q ?? (a ? undefined : category === 'C001' ? PHONE_UNITS[n] : undefined);
      const kind = kindOf(category, n, a);
      let text = '';
      if (a) {
        if (Array.isArray(a.v)) text = a.v.join(', ');
        else if (typeof a.v === 'boolean') text = a.v ? 'yes' : 'no';
        else if (typeof a.v === 'number' && a.q) text = String(round(a.v * (QUANTITIES[a.q]?.factor ?? 1)));
        else text = String(a.v) + (a.u ? ` ${a.u}` : '');
      }
      const quantity = q ? String(q) : '';
      return {
        key,
        name: names[n - 1] || `Attribute ${n}`,
        text,
        quantity,
        kind,
        initial: `${text}|${quantity}`,
      };
    }),
  }));
}

/** One field back to the API's value: null when empty (not known), or a message saying what is wrong. */
export function attributeValue(f: AttributeField): { value: AttributeInput | null } | { error: string } {
  const text = f.text.trim();
  if (!text) return { value: null };
  if (f.quantity) {
    const n = Number(text.replace(/,/g, ''));
    if (!Number.isFinite(n))
      return { error: `${f.name} must be a number in ${QUANTITIES[Number(f.quantity)]?.unit}.` };
    return { value: { v: round(toBaseValue(n, Number(f.quantity))), q: Number(f.quantity) } };
  }
  if (f.kind === 'yesno') {
    if (/^(yes|no)$/i.test(text)) return { value: { v: /^yes$/i.test(text) } };
    return { error: `${f.name} must be yes or no.` };
  }
  if (f.kind === 'list')
    return {
      value: {
        v: text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      },
    };
  if (f.kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)) return { value: { v: text, t: 'date' } };
  return { value: { v: text } };
}

/** The attributes whose box or unit changed since the form opened (for a new model: every one filled in). */
export function changedAttributes(groups: ReturnType<typeof attributeFields>): {
  attributes: Record<string, AttributeInput | null>;
  errors: Record<string, string>;
} {
  const attributes: Record<string, AttributeInput | null> = {};
  const errors: Record<string, string> = {};
  for (const f of groups.flatMap((g) => g.fields)) {
    if (`${f.text}|${f.quantity}` === f.initial) continue;
    const got = attributeValue(f);
    if ('error' in got) errors[f.key] = got.error;
    else attributes[f.key] = got.value;
  }
  return { attributes, errors };
}
