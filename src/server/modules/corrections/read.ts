/**
 * Reading corrections (issue 19): one SELECT for a member's list and the editors' queue, with the product, the
 * variant and the value the catalogue has now.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/sql.ts';
import { iso, rows } from '../../../db/sql.ts';
import { formatAttributeValue } from '../../../shared/attribute-display.ts';
import type { AttributeValue } from '../../../shared/attributes.ts';
import { variantLabel } from '../../../shared/catalogue-texts.ts';
import type { CategoryId } from '../../../shared/constants.ts';
import {
  type CorrectionStatus,
  fieldName,
  type MyCorrection,
  type QueuedCorrection,
} from '../../../shared/corrections.ts';
import { formatPrice, productName } from '../../../shared/format.ts';

export interface CorrectionRow {
  id: number;
  product_id: number;
  variant_id: number | null;
  user_id: number;
  field: string;
  value: string;
  price_value: number | null;
  source_url: string;
  status: CorrectionStatus;
  decline_reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
  category_id: CategoryId;
  brand: string;
  model: string;
  v_variant: string | null;
  v_ram: number | null;
  v_storage: number | null;
  v_price: number | null;
  v_attributes: Record<string, AttributeValue> | null;
  p_attributes: Record<string, AttributeValue> | null;
  username: string | null;
  total: number;
}

/** Corrections `c` with their product, variant and member, filtered by `where`, in `order`. */
export function selectCorrections(db: Executor, where: SQL, order: SQL, size: number, offset: number) {
  return rows<CorrectionRow>(
    db,
    sql`SELECT c.id, c.product_id, c.variant_id, c.user_id, c.field, c.value, c.price_value, c.source_url,
        c.status, c.decline_reason, c.created_at, c.decided_at, p.category_id, b.name AS brand, p.model,
        v.variant AS v_variant, v.ram_gb AS v_ram, v.storage_gb AS v_storage, v.price AS v_price,
        v.attributes AS v_attributes, p.attributes AS p_attributes,
        CASE WHEN u.deleted_at IS NULL THEN u.username END AS username, count(*) OVER ()::int AS total
      FROM catalogue_corrections c JOIN products p ON p.id = c.product_id JOIN brands b ON b.id = p.brand_id
      LEFT JOIN product_variants v ON v.id = c.variant_id LEFT JOIN users u ON u.id = c.user_id
      WHERE ${where} ORDER BY ${order} LIMIT ${size} OFFSET ${offset}`,
  );
}

const variantOf = (r: CorrectionRow) =>
  r.variant_id === null ? null : (variantLabel(r.v_ram, r.v_storage, r.v_variant ?? '') ?? 'Only variant');

export function toMine(r: CorrectionRow): MyCorrection {
  return {
    id: r.id,
    product: {
      id: r.product_id,
      name: productName({ brand: r.brand, model: r.model }),
      link: `/product/${r.product_id}`,
    },
    field: r.field,
    field_name: fieldName(r.category_id, r.field),
    variant: variantOf(r),
    value: r.value,
    source_url: r.source_url,
    status: r.status,
    decline_reason: r.decline_reason,
    created_at: iso(r.created_at)!,
    decided_at: iso(r.decided_at),
  };
}

/** The value the product page shows now for the correction's field. */
export function currentValue(r: CorrectionRow): string | null {
  if (r.field === 'price') return r.v_price ? formatPrice(r.v_price) : null;
  const value = (r.v_attributes ?? r.p_attributes ?? {})[r.field];
  return value ? formatAttributeValue(value) : null;
}

export function toQueued(r: CorrectionRow): QueuedCorrection {
  return {
    ...toMine(r),
    variant_id: r.variant_id,
    current: currentValue(r),
    suggester: r.username ? { id: r.user_id, username: r.username } : null,
  };
}

/**
 * The stored attribute for a member's text: the current value's kind is kept when the text fits it (yes / no,
 * a date, a number in the same plain unit), else the text as typed.
 */
export function attributeFromText(text: string, current: AttributeValue | undefined): AttributeValue {
  if (current && typeof current.v === 'boolean' && /^(yes|no)$/i.test(text))
    return { v: text.toLowerCase() === 'yes' };
  if (current?.t === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)) return { v: text, t: 'date' };
  if (current && typeof current.v === 'number' && current.u && !current.q) {
    const unit = current.u.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const m = new RegExp(`^(-?\\d+(?:\\.\\d+)?)\\s*(?:${unit})?$`, 'i').exec(text);
    if (m) return { v: Number(m[1]), u: current.u };
  }
  return { v: text };
}
