import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, requests, type TestContext } from '../../../test/app.ts';
import { member } from '../../../test/community.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get, post } = requests(() => t, '/platform/api/v1');

/** The bytes of a text as UTF-8, so a test sees any change of form (normalization, a dropped mark). */
const bytes = (text: string) => Buffer.from(text, 'utf8').toString('hex');

// Devanagari and Tamil, with their vowel signs, viramas and a zero-width joiner, and a decomposed ë.
const HINDI_SUMMARY = 'बैटरी शानदार है';
const HINDI = 'बैटरी पूरे दिन चलती है, कैमरा अच्छा है। प्रिया ने कहा: क्‍या बात है!';
const TAMIL = 'இந்த கைபேசி மிகவும் நன்றாக உள்ளது; பேட்டரி நீடிக்கும். Zoe\u0308 agrees.';

describe('text in Indian scripts', () => {
  it('stores reviews, comments, replies, questions and answers exactly as written', async () => {
    const author = await member(t);
    const [{ id: productId } = { id: 0 }] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM products WHERE total_reviews = 0 ORDER BY id LIMIT 1`,
    );
    const posted = await post(
      `/product/${productId}/review`,
      {
        overall: 4,
        build_quality: 4,
        features: 4,
        look_and_feel: 4,
        performance: 4,
        summary: HINDI_SUMMARY,
        description: TAMIL,
      },
      author.headers,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const review = posted.json().review as { id: number; summary: string; description: string };
    const read = (await get(`/product/${productId}/review/${review.id}`)).json().review;
    for (const r of [review, read]) {
      expect(bytes(r.summary)).toBe(bytes(HINDI_SUMMARY));
      expect(bytes(r.description)).toBe(bytes(TAMIL));
    }

    const comment = await post(`/product/review/${review.id}/comment`, { text: HINDI }, author.headers);
    expect(comment.statusCode, comment.body).toBe(201);
    const commentId = comment.json().comment.id as number;
    const reply = await post(`/product/review/comment/${commentId}/reply`, { text: TAMIL }, author.headers);
    expect(reply.statusCode, reply.body).toBe(201);
    const question = await post(`/product/${productId}/questions`, { text: TAMIL }, author.headers);
    expect(question.statusCode, question.body).toBe(201);
    const questionId = question.json().question.id as number;
    const answer = await post(`/product/question/${questionId}/answers`, { text: HINDI }, author.headers);
    expect(answer.statusCode, answer.body).toBe(201);

    const texts = [
      (await get(`/product/review/${review.id}/comments`)).json().items[0].text,
      (await get(`/product/review/comment/${commentId}/replies`)).json().items[0].text,
      (await get(`/product/${productId}/questions`)).json().items[0].text,
      (await get(`/product/${productId}/question/${questionId}/answers`)).json().items[0].text,
    ] as string[];
    expect(texts.map(bytes)).toEqual([HINDI, TAMIL, TAMIL, HINDI].map(bytes));
  });
});
