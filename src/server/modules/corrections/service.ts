/**
 * Corrections from the community (issue 19). A verified member suggests a value for one attribute or a
 * variant's price with a source link (limited like a post); editors see the pending ones beside the current
 * values, with the open "Inaccurate info" and "Missing info" listing reports, and accept (the change is applied
 * through the editors' own functions, in one transaction with the correction's status, its history line
 * crediting the member) or decline them with a reason the member sees.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { iso, pgError, rows } from '../../../db/sql.ts';
import type { AttributeValue } from '../../../shared/attributes.ts';
import type { CategoryId } from '../../../shared/constants.ts';
import {
  type CloseReportInput,
  type CorrectionInput,
  type CorrectionQueue,
  correctableAttributes,
  type ListingReport,
  type MyCorrection,
  type MyCorrections,
  parseRupees,
} from '../../../shared/corrections.ts';
import { REPORT_REASONS } from '../../../shared/community-constants.ts';
import { productName, todayInIndia } from '../../../shared/format.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { modelIdOf } from '../catalogue/resolve.ts';
import { updateModel, updateVariant } from '../catalogue-editing/models.ts';
import { recordVariantPrice } from '../catalogue-editing/price-service.ts';
import type { Tx } from '../catalogue-editing/store.ts';
import type { Actor, PostingLimits } from '../community/common.ts';
import { recordAction } from '../community/visibility.ts';
import type { SearchService } from '../search/service.ts';
import { attributeFromText, type CorrectionRow, selectCorrections, toMine, toQueued } from './read.ts';

/** The listing reports the corrections queue shows: "Inaccurate info" and "Missing info". */
export const LISTING_REASONS = [15, 16] as const;
const LISTING_REASON_IDS = `{${LISTING_REASONS.join(',')}}`;
/** How many open listing reports the queue shows at once (oldest first). */
const REPORTS_SHOWN = 100;

export class CorrectionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: PostingLimits,
    private readonly catalogue: CatalogueService,
    private readonly search: SearchService,
  ) {}

  // ── Members ────────────────────────────────────────────────────────────────────────────────────────

  /**
   * A member's suggestion for a visible product (any of its ids; 404 otherwise). The attribute must be one the
   * category names; a price is for a variant (a model of one variant needs none named). One pending suggestion
   * per member per product, field and variant (409, checked before the posting limit so a repeat costs nothing).
   */
  async suggest(user: Actor, id: number, input: CorrectionInput): Promise<MyCorrection> {
    const productId = await modelIdOf(this.db, id);
    const [product] = await rows<{ category_id: CategoryId; variants: number[] }>(
      this.db,
      sql`SELECT p.category_id, array(SELECT v.id FROM product_variants v WHERE v.product_id = p.id ORDER BY v.id)
          AS variants
        FROM products p WHERE p.id = ${productId}`,
    );
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    if (
      input.field !== 'price' &&
      !correctableAttributes(product.category_id).some((a) => a.key === input.field)
    )
      throw new AppError('ATTRIBUTE_NOT_OF_CATEGORY', { field: 'field' });
    let variantId = input.variant_id ?? null;
    if (variantId !== null && !product.variants.includes(variantId))
      throw new AppError('VARIANT_NOT_OF_PRODUCT', { field: 'variant_id' });
    if (input.field === 'price' && variantId === null) {
      if (product.variants.length !== 1) throw new AppError('PRICE_NEEDS_VARIANT', { field: 'variant_id' });
      variantId = product.variants[0]!;
    }
    const price = input.field === 'price' ? parseRupees(input.value) : null;
    const [pending] = await rows(
      this.db,
      sql`SELECT 1 FROM catalogue_corrections WHERE user_id = ${user.userId} AND product_id = ${productId}
        AND field = ${input.field} AND coalesce(variant_id, 0) = ${variantId ?? 0} AND status = 'pending'`,
    );
    if (pending) throw new AppError('CORRECTION_PENDING');
    await this.limits.check(user, 'correction');
    const inserted = await rows<{ id: number }>(
      this.db,
      sql`INSERT INTO catalogue_corrections (product_id, variant_id, user_id, field, value, price_value, source_url,
          created_at)
        VALUES (${productId}, ${variantId}, ${user.userId}, ${input.field}, ${input.value}, ${price},
          ${input.source_url}, ${this.clock.now().toISOString()})
        ON CONFLICT DO NOTHING RETURNING id`,
    ).catch((err: unknown) => {
      if (pgError(err).code === '23503') throw new AppError('PRODUCT_NOT_FOUND');
      throw err;
    });
    if (!inserted[0]) throw new AppError('CORRECTION_PENDING');
    const [row] = await selectCorrections(this.db, sql`c.id = ${inserted[0].id}`, sql`c.id`, 1, 0);
    return toMine(row!);
  }

  /** The member's own corrections, newest first, with their outcome and any decline reason. */
  async mine(userId: number, page: number, size: number): Promise<MyCorrections> {
    const found = await selectCorrections(
      this.db,
      sql`c.user_id = ${userId}`,
      sql`c.created_at DESC, c.id DESC`,
      size,
      page * size,
    );
    return {
      success: true,
      page,
      size,
      total: await this.total(found, sql`user_id = ${userId}`),
      items: found.map(toMine),
    };
  }

  private async total(found: { total: number }[], where: SQL): Promise<number> {
    if (found[0]) return found[0].total;
    const [head] = await rows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM catalogue_corrections WHERE ${where}`,
    );
    return head?.n ?? 0;
  }

  // ── Editors ────────────────────────────────────────────────────────────────────────────────────────

  /** Pending corrections, oldest first, beside the current values; and the open listing reports. */
  async queue(page: number, size: number): Promise<CorrectionQueue> {
    const found = await selectCorrections(
      this.db,
      sql`c.status = 'pending'`,
      sql`c.created_at, c.id`,
      size,
      page * size,
    );
    return {
      success: true,
      page,
      size,
      total: await this.total(found, sql`status = 'pending'`),
      items: found.map(toQueued),
      reports: await this.listingReports(),
    };
  }

  private async listingReports(): Promise<ListingReport[]> {
    const found = await rows<{
      id: number;
      product_id: number;
      brand: string;
      model: string;
      reason_id: number;
      comments: string | null;
      username: string | null;
      created_at: Date | string;
    }>(
      this.db,
      sql`SELECT r.id, p.id AS product_id, b.name AS brand, p.model, r.reason_id, r.comments, r.created_at,
          CASE WHEN u.deleted_at IS NULL THEN u.username END AS username
        FROM reports r JOIN products p ON p.id = r.target_id JOIN brands b ON b.id = p.brand_id
        LEFT JOIN users u ON u.id = r.reporter_id
        WHERE r.status = 'open' AND r.target_type = 'product' AND r.reason_id = ANY (${LISTING_REASON_IDS}::int[])
        ORDER BY r.created_at, r.id LIMIT ${REPORTS_SHOWN}`,
    );
    return found.map((r) => ({
      id: r.id,
      product: {
        id: r.product_id,
        name: productName({ brand: r.brand, model: r.model }),
        link: `/product/${r.product_id}`,
      },
      reason: (REPORT_REASONS.product as Record<number, string>)[r.reason_id] ?? `Reason ${r.reason_id}`,
      comments: r.comments,
      reporter: r.username,
      created_at: iso(r.created_at)!,
    }));
  }

  /**
   * Accepts a pending correction: in one transaction, the change through the editors' functions (an attribute
   * on the variant or on every variant of the model; a price through the price history, its source the link,
   * seen today), one history line 'accept_correction' crediting the member, the correction accepted, and the
   * member's account trusted (an accepted contribution). 404 unknown, 409 already decided.
   */
  async accept(editorId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const c = await this.lockPending(tx, id);
      const credit = { userId: c.user_id, correctionId: c.id };
      if (c.field === 'price') {
        const input = { price: c.price_value!, source: c.source_url, observed_at: todayInIndia() };
        await recordVariantPrice(tx, editorId, c.variant_id!, input, credit);
      } else if (c.variant_id !== null) {
        const [v] = await rows<{ attributes: Record<string, AttributeValue> }>(
          tx,
          sql`SELECT attributes FROM product_variants WHERE id = ${c.variant_id}`,
        );
        const value = attributeFromText(c.value, v?.attributes[c.field]);
        await updateVariant(tx, editorId, c.variant_id, { attributes: { [c.field]: value } }, credit);
      } else {
        const [p] = await rows<{ attributes: Record<string, AttributeValue> | null }>(
          tx,
          sql`SELECT attributes FROM products WHERE id = ${c.product_id}`,
        );
        const value = attributeFromText(c.value, p?.attributes?.[c.field]);
        await updateModel(tx, editorId, c.product_id, { attributes: { [c.field]: value } }, credit);
      }
      const at = this.clock.now().toISOString();
      await tx.execute(sql`UPDATE catalogue_corrections SET status = 'accepted', decided_by = ${editorId},
          decided_at = ${at} WHERE id = ${id}`);
      await tx.execute(
        sql`UPDATE users SET trusted_at = ${at} WHERE id = ${c.user_id} AND trusted_at IS NULL`,
      );
    });
    await Promise.all([this.catalogue.forget(), this.search.forget()]);
  }

  /** Declines a pending correction with a reason the member sees. 404 unknown, 409 already decided. */
  async decline(editorId: number, id: number, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.lockPending(tx, id);
      await tx.execute(sql`UPDATE catalogue_corrections SET status = 'declined', decline_reason = ${reason},
          decided_by = ${editorId}, decided_at = ${this.clock.now().toISOString()} WHERE id = ${id}`);
    });
  }

  /** The correction, locked; 404 CORRECTION_NOT_FOUND, 409 CORRECTION_DECIDED unless pending. */
  private async lockPending(tx: Tx, id: number) {
    const [c] = await rows<
      Pick<
        CorrectionRow,
        | 'id'
        | 'product_id'
        | 'variant_id'
        | 'user_id'
        | 'field'
        | 'value'
        | 'price_value'
        | 'source_url'
        | 'status'
      >
    >(
      tx,
      sql`SELECT id, product_id, variant_id, user_id, field, value, price_value, source_url, status
        FROM catalogue_corrections WHERE id = ${id} FOR UPDATE`,
    );
    if (!c) throw new AppError('CORRECTION_NOT_FOUND');
    if (c.status !== 'pending') throw new AppError('CORRECTION_DECIDED');
    return c;
  }

  /**
   * Closes an open "Inaccurate info" or "Missing info" report of a listing, as the moderators' actions do: one
   * line in the moderation audit log ('unflag' — the listing is fixed, and any moderator's flag on it is
   * cleared — when handled; 'dismiss' when not), and the report resolved with that line (the reporter sees
   * "action taken" or "no action"). The listing's other open reports stay in the moderators' queue.
   */
  async closeReport(editorId: number, reportId: number, input: CloseReportInput): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [report] = await rows<{ target_id: number; status: string }>(
        tx,
        sql`SELECT target_id, status FROM reports WHERE id = ${reportId} AND target_type = 'product'
          AND reason_id = ANY (${LISTING_REASON_IDS}::int[]) FOR UPDATE`,
      );
      if (!report) throw new AppError('LISTING_REPORT_NOT_FOUND');
      if (report.status !== 'open') throw new AppError('LISTING_REPORT_CLOSED');
      const handled = input.outcome === 'handled';
      const at = this.clock.now().toISOString();
      if (handled)
        await tx.execute(
          sql`UPDATE products SET flagged_at = NULL, flag_reason = NULL WHERE id = ${report.target_id}`,
        );
      const actionId = await recordAction(tx, {
        actorId: editorId,
        action: handled ? 'unflag' : 'dismiss',
        targetType: 'product',
        targetId: report.target_id,
        subjectId: null,
        reason:
          input.note ||
          (handled ? 'Fixed from the corrections queue.' : 'Dismissed from the corrections queue.'),
        at,
      });
      await tx.execute(sql`UPDATE reports SET status = 'resolved', outcome = ${handled ? 'action_taken' : 'no_action'},
          resolved_at = ${at}, resolved_by = ${actionId} WHERE id = ${reportId}`);
    });
  }
}
