/**
 * What a moderator (or an author, or a reporter) is shown of a reported item: what it is, its text, where it
 * is, and whether it is hidden or flagged. One query per kind of item on a page, all at the same time.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, iso, rows } from '../../../db/sql.ts';
import { articleHref } from '../../../shared/content-api.ts';
import { productName } from '../../../shared/format.ts';
import type { ModeratedItem, ModerationTarget } from '../../../shared/moderation.ts';

export interface DescribedItem {
  item: ModeratedItem;
  /** The author of a post, or the user of a user report; null for listings and missing items. */
  subjectId: number | null;
  /** What a reporter is told it was, without naming the author. */
  anonymousLabel: string;
}

interface Row {
  /** The item's id (the target's). */
  id: number;
  user_id: number | null;
  title: string | null;
  text: string;
  created_at: Date | string | null;
  h_at: Date | string | null;
  h_reason: string | null;
  h_auto: boolean | null;
  f_at: Date | string | null;
  f_reason: string | null;
  product_id: number | null;
  review_id: number | null;
  brand: string | null;
  model: string | null;
  variant: string | null;
  article_id: number | null;
  article_slug: string | null;
  article_title: string | null;
  username: string | null;
}

const HIDDEN = sql.raw(`x.hidden_at AS h_at, x.hidden_reason AS h_reason, x.hidden_automatically AS h_auto,
  NULL AS f_at, NULL AS f_reason`);
/** Where a post is: its product (and no article), or its article (and no product). */
const PRODUCT = sql.raw(`p.id AS product_id, b.name AS brand, p.model, p.variant, NULL::int AS article_id,
  NULL AS article_slug, NULL AS article_title`);
const ARTICLE = sql.raw(`NULL::int AS product_id, NULL AS brand, NULL AS model, NULL AS variant,
  a.id AS article_id, a.slug AS article_slug, a.title AS article_title`);
const PRODUCT_JOIN = sql.raw(`JOIN products p ON p.id = r.product_id JOIN brands b ON b.id = p.brand_id`);

/**
 * The query of the items of one kind, by their ids (a PostgreSQL array literal): each one's id, author, text,
 * date, moderation state and its product.
 */
function query(type: ModerationTarget, ids: string): SQL {
  switch (type) {
    case 'review':
      return sql`SELECT x.id, x.user_id, x.summary AS title, x.description AS text, x.created_at, ${HIDDEN},
          ${PRODUCT}, x.id AS review_id, NULL AS username
        FROM reviews x JOIN reviews r ON r.id = x.id ${PRODUCT_JOIN} WHERE x.id = ANY (${ids}::int[])`;
    case 'comment':
      return sql`SELECT x.id, x.user_id, NULL AS title, x.body AS text, x.created_at, ${HIDDEN}, ${PRODUCT},
          r.id AS review_id, NULL AS username
        FROM review_comments x JOIN reviews r ON r.id = x.review_id ${PRODUCT_JOIN}
        WHERE x.id = ANY (${ids}::int[])`;
    case 'reply':
      return sql`SELECT x.id, x.user_id, NULL AS title, x.body AS text, x.created_at, ${HIDDEN}, ${PRODUCT},
          r.id AS review_id, NULL AS username
        FROM comment_replies x JOIN review_comments c ON c.id = x.comment_id JOIN reviews r ON r.id = c.review_id
          ${PRODUCT_JOIN} WHERE x.id = ANY (${ids}::int[])`;
    case 'question':
      return sql`SELECT x.id, x.user_id, NULL AS title, x.body AS text, x.created_at, ${HIDDEN}, ${PRODUCT},
          NULL AS review_id, NULL AS username
        FROM questions x JOIN questions r ON r.id = x.id ${PRODUCT_JOIN} WHERE x.id = ANY (${ids}::int[])`;
    case 'answer':
      return sql`SELECT x.id, x.user_id, NULL AS title, x.body AS text, x.created_at, ${HIDDEN}, ${PRODUCT},
          NULL AS review_id, NULL AS username
        FROM answers x JOIN questions r ON r.id = x.question_id ${PRODUCT_JOIN} WHERE x.id = ANY (${ids}::int[])`;
    case 'article_comment':
      return sql`SELECT x.id, x.user_id, NULL AS title, x.body AS text, x.created_at, ${HIDDEN}, ${ARTICLE},
          NULL AS review_id, NULL AS username
        FROM article_comments x JOIN articles a ON a.id = x.article_id WHERE x.id = ANY (${ids}::int[])`;
    case 'product':
      return sql`SELECT p.id, NULL::int AS user_id, NULL AS title, '' AS text, p.created_at, NULL AS h_at,
          NULL AS h_reason, NULL AS h_auto, p.flagged_at AS f_at, p.flag_reason AS f_reason, ${PRODUCT},
          NULL AS review_id, NULL AS username
        FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.id = ANY (${ids}::int[])`;
    case 'user':
      return sql`SELECT u.id, u.id AS user_id, NULL AS title, u.first_name || ' ' || u.last_name AS text,
          u.created_at, NULL AS h_at, NULL AS h_reason, NULL AS h_auto, NULL AS f_at, NULL AS f_reason,
          NULL AS product_id, NULL AS brand, NULL AS model, NULL AS variant, NULL AS article_id,
          NULL AS article_slug, NULL AS article_title, NULL AS review_id,
          CASE WHEN u.deleted_at IS NULL THEN u.username END AS username
        FROM users u WHERE u.id = ANY (${ids}::int[]) AND u.erased_at IS NULL`;
  }
}

const NOUN: Record<ModerationTarget, string> = {
  review: 'review',
  comment: 'comment',
  reply: 'reply',
  question: 'question',
  answer: 'answer',
  article_comment: 'comment',
  product: 'listing',
  user: 'user',
};

/** 'Review of Samsung Galaxy S24 (8 GB RAM, 128 GB)' and the like; `a` starts it as a reporter reads it. */
function labelOf(type: ModerationTarget, name: string, a: boolean): string {
  const [review, comment, reply, question, answer] = a
    ? ['A review', 'A comment', 'A reply', 'A question', 'An answer']
    : ['Review', 'Comment', 'Reply', 'Question', 'Answer'];
  switch (type) {
    case 'review':
      return `${review} of ${name}`;
    case 'comment':
      return `${comment} on a review of ${name}`;
    case 'reply':
      return `${reply} to a comment on a review of ${name}`;
    case 'question':
      return `${question} about ${name}`;
    case 'answer':
      return `${answer} to a question about ${name}`;
    case 'article_comment':
      return `${comment} on the article “${name}”`;
    case 'product':
      return `${a ? 'The listing' : 'Listing'} of ${name}`;
    case 'user':
      return name;
  }
}

function linkOf(type: ModerationTarget, row: Row): string | null {
  if (type === 'user') return row.username ? `/profile/${row.username}` : null;
  if (row.article_id !== null) return articleHref(row.article_slug ?? '', row.article_id);
  if (row.review_id !== null) return `/product/${row.product_id}/review/${row.review_id}`;
  if (type === 'question' || type === 'answer') return `/product/${row.product_id}#questions-heading`;
  return `/product/${row.product_id}`;
}

/** Describes one item from its row, or says it is gone (deleted by its author, or an erased account). */
function describe(type: ModerationTarget, id: number, row: Row | undefined): DescribedItem {
  if (!row) {
    const gone = type === 'user' ? 'A deleted account' : `A ${NOUN[type]} that has since been deleted`;
    return {
      subjectId: null,
      anonymousLabel: gone,
      item: {
        target_type: type,
        target_id: id,
        label: gone,
        title: null,
        text: '',
        link: null,
        created_at: null,
        hidden: null,
        flagged: null,
        exists: false,
      },
    };
  }
  const name =
    type === 'user'
      ? row.username
        ? `User @${row.username}`
        : 'A deleted account'
      : type === 'article_comment'
        ? (row.article_title ?? '')
        : productName({ brand: row.brand ?? '', model: row.model ?? '', variant: row.variant });
  return {
    subjectId: row.user_id,
    anonymousLabel: type === 'user' ? 'A user' : labelOf(type, name, true),
    item: {
      target_type: type,
      target_id: id,
      label: labelOf(type, name, false),
      title: row.title,
      text: row.text,
      link: linkOf(type, row),
      created_at: iso(row.created_at),
      hidden: row.h_at
        ? { reason: row.h_reason ?? '', at: iso(row.h_at)!, automatic: row.h_auto ?? false }
        : null,
      flagged: row.f_at ? { reason: row.f_reason ?? '', at: iso(row.f_at)! } : null,
      exists: true,
    },
  };
}

/**
 * Describes each distinct item of `refs` once, with one query per kind of item, all at the same time; the
 * answer is read back by type and id.
 */
export async function describeEach(
  db: Executor,
  refs: readonly { type: ModerationTarget; id: number }[],
): Promise<(type: ModerationTarget, id: number) => DescribedItem> {
  const key = (type: ModerationTarget, id: number) => `${type}:${id}`;
  const idsOf = new Map<ModerationTarget, Set<number>>();
  for (const r of refs) idsOf.set(r.type, (idsOf.get(r.type) ?? new Set()).add(r.id));
  const found = await Promise.all(
    [...idsOf].map(async ([type, ids]) => {
      const list = await rows<Row>(db, query(type, `{${[...ids].join(',')}}`));
      const byId = new Map(list.map((row) => [row.id, row]));
      return [...ids].map((id) => [key(type, id), describe(type, id, byId.get(id))] as const);
    }),
  );
  const described = new Map(found.flat());
  return (type, id) => described.get(key(type, id))!;
}
