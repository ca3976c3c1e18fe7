/**
 * Questions and answers on a product (issue 5, part 3): asking, answering, deleting one's own, and like /
 * dislike on both. Counters (questions.answers, likes, dislikes) move in the same transaction as the rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import { iso, rows } from '../../../db/sql.ts';
import type { LikeReaction } from '../../../shared/community.ts';
import type { Answer, Page, Question, ReactionResult } from '../../../shared/community-api.ts';
import { AppError } from '../../../shared/messages.ts';
import {
  AUTHOR_COLUMNS,
  type AuthorColumns,
  authorOf,
  LIKES,
  markContributed,
  notFoundOnForeignKey,
  react,
  type ReactionTarget,
  reactionName,
} from './common.ts';
import { modelIdOf } from '../catalogue/resolve.ts';
import type { CommunityDeps } from './deps.ts';
import { ANSWERS, type Item, type Poster, Threads } from './thread.ts';

const QUESTION_REACTIONS: ReactionTarget<LikeReaction> = {
  ...LIKES,
  table: 'question_reactions',
  column: 'question_id',
  itemTable: 'questions',
  notFound: 'QUESTION_NOT_FOUND',
};

interface QuestionRow extends AuthorColumns {
  id: number;
  product_id: number;
  user_id: number;
  body: string;
  likes: number;
  dislikes: number;
  answers: number;
  created_at: Date | string;
  my_value: number | null;
}

const toAnswer = ({ parent_id, children: _none, ...item }: Item): Answer => ({
  ...item,
  question_id: parent_id,
});

export class QuestionService {
  private readonly threads: Threads;

  constructor(private readonly d: CommunityDeps) {
    this.threads = new Threads(d);
  }

  private now(): string {
    return this.d.clock.now().toISOString();
  }

  private toQuestion(r: QuestionRow, viewerId: number | null): Question {
    return {
      id: r.id,
      product_id: r.product_id,
      author: authorOf(r, this.d.imageUrl),
      text: r.body,
      answers: r.answers,
      created_at: iso(r.created_at)!,
      likes: r.likes,
      dislikes: r.dislikes,
      my_reaction: reactionName(QUESTION_REACTIONS, r.my_value),
      mine: viewerId !== null && r.user_id === viewerId,
    };
  }

  /** Questions `q` (a CTE or the table) with their authors and the viewer's reaction. */
  private questionSelect(from: SQL, viewerId: number | null): SQL {
    return sql`SELECT q.id, q.product_id, q.user_id, q.body, q.likes, q.dislikes, q.answers, q.created_at,
        ${AUTHOR_COLUMNS}, r.value AS my_value
      FROM ${from} q LEFT JOIN users u ON u.id = q.user_id
      LEFT JOIN question_reactions r ON r.question_id = q.id AND r.user_id = ${viewerId}`;
  }

  /**
   * A product's questions, newest first, without hidden ones (their authors find them in their account's
   * notices); `viewerId` fills my_reaction and mine. 404 for an unknown product.
   */
  async list(
    productId: number,
    page: number,
    size: number,
    viewerId: number | null,
  ): Promise<Page<Question>> {
    // Any id of the model's (a variant's too) lists the model's questions; unknown or hidden ones are 404.
    productId = await modelIdOf(this.d.db, productId);
    const [head] = await rows<{ total: number }>(
      this.d.db,
      sql`SELECT (SELECT count(*) FROM questions q WHERE q.product_id = p.id AND q.hidden_at IS NULL)::int AS total
        FROM products p WHERE p.id = ${productId}`,
    );
    if (!head) throw new AppError('PRODUCT_NOT_FOUND');
    const items =
      head.total > page * size
        ? await rows<QuestionRow>(
            this.d.db,
            sql`${this.questionSelect(sql`questions`, viewerId)}
              WHERE q.product_id = ${productId} AND q.hidden_at IS NULL
              ORDER BY q.created_at DESC NULLS LAST, q.id DESC NULLS LAST
              LIMIT ${size} OFFSET ${page * size}`,
          )
        : [];
    return {
      success: true,
      page,
      size,
      total: head.total,
      items: items.map((r) => this.toQuestion(r, viewerId)),
    };
  }

  /** Asks a question about a product (404 PRODUCT_NOT_FOUND). */
  async ask(user: Poster, id: number, text: string): Promise<Question> {
    const productId = await modelIdOf(this.d.db, id);
    await this.d.limits.check(user, 'question');
    const [row] = await rows<QuestionRow>(
      this.d.db,
      sql`WITH q AS (
          INSERT INTO questions (product_id, user_id, body, created_at)
          VALUES (${productId}, ${user.userId}, ${text}, ${this.now()}) RETURNING *
        ) ${this.questionSelect(sql`q`, user.userId)}`,
    ).catch(notFoundOnForeignKey('PRODUCT_NOT_FOUND'));
    await markContributed(this.d.db, user, this.now());
    return this.toQuestion(row!, user.userId);
  }

  /** A question's answers, most liked first, then oldest first (404 unless the question is this product's). */
  async answers(
    productId: number,
    questionId: number,
    page: number,
    size: number,
    viewerId: number | null,
  ): Promise<Page<Answer>> {
    const modelId = await modelIdOf(this.d.db, productId).catch(() => 0);
    const ofProduct = sql`AND product_id = ${modelId}`;
    const { total, items } = await this.threads.list(ANSWERS, questionId, page, size, viewerId, ofProduct);
    return { success: true, page, size, total, items: items.map(toAnswer) };
  }

  /** Answers a question; questions.answers counts it in the same transaction (404 QUESTION_NOT_FOUND). */
  async answer(user: Poster, questionId: number, text: string): Promise<Answer> {
    return toAnswer(await this.threads.create(ANSWERS, user, questionId, text));
  }

  /** Deletes one's own question with its answers and reactions (cascade). 404, or 403 NOT_OWNER. */
  async deleteQuestion(userId: number, questionId: number): Promise<void> {
    const [deleted] = await rows(
      this.d.db,
      sql`DELETE FROM questions WHERE id = ${questionId} AND user_id = ${userId} RETURNING id`,
    );
    if (deleted) return;
    const [exists] = await rows(this.d.db, sql`SELECT 1 FROM questions WHERE id = ${questionId}`);
    throw new AppError(exists ? 'NOT_OWNER' : 'QUESTION_NOT_FOUND');
  }

  /** Deletes one's own answer; questions.answers follows in the same transaction. 404, or 403 NOT_OWNER. */
  deleteAnswer(userId: number, answerId: number): Promise<void> {
    return this.threads.remove(ANSWERS, { userId }, answerId);
  }

  /** Like / dislike a question: the same again removes it, the other one switches. Not one's own. */
  reactToQuestion(user: Poster, questionId: number, reaction: LikeReaction): Promise<ReactionResult> {
    return react(this.d.db, this.d.limits, QUESTION_REACTIONS, user, questionId, reaction);
  }

  reactToAnswer(user: Poster, answerId: number, reaction: LikeReaction): Promise<ReactionResult> {
    return this.threads.react(ANSWERS, user, answerId, reaction);
  }
}
