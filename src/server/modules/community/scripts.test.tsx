/**
 * Text in every script (issue 25, point 4; decision 0044): reviews, comments, replies, questions and answers in
 * Devanagari (a conjunct, the zero-width joiner and non-joiner), Bengali, Tamil and Malayalam are accepted,
 * stored in NFC byte for byte, come back the same, and the server's page writes them as text.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, requests, type TestContext } from '../../../test/app.ts';
import { member } from '../../../test/community.ts';
import { loadPage, pageHead, property } from '../../../test/page-head.ts';
import * as reviewPage from '../../../web/routes/review.tsx';
import { ItemBody, type LikeableItem } from '../../../web/features/community/item-body.tsx';
import { SessionProvider } from '../../../web/features/session/session.tsx';
import { ToastProvider } from '../../../web/features/toasts/toasts.tsx';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get, post } = requests(() => t, '/platform/api/v1');

/** The bytes of a text as UTF-8, so a test sees any change of form (normalization, a dropped mark). */
const bytes = (text: string) => Buffer.from(text, 'utf8').toString('hex');

const ZWJ = '\u200D';
const ZWNJ = '\u200C';
// Devanagari: the conjunct क्ष, its half form with a joiner (क्‍ष) and its visible virama with a non-joiner (क्‌ष).
const HINDI_SUMMARY = 'क्षमता शानदार, बढ़िया फ़ोन';
const HINDI = `बैटरी पूरे दिन चलती है, कैमरा अच्छा है। क्${ZWJ}ष और क्${ZWNJ}ष दोनों सही दिखते हैं। प्रिया ने कहा: क्या बात है!`;
// Bengali, with a ya-phala after a joiner (র‍্যা) and khanda ta (ৎ).
const BENGALI = `ব্যাটারি খুব ভালো, ক্যামেরাও চমৎকার। র${ZWJ}্যাম যথেষ্ট।`;
const TAMIL = 'இந்த கைபேசி மிகவும் நன்றாக உள்ளது; பேட்டரி நீடிக்கும்.';
// Malayalam: a chillu written the old way, with a joiner (ന്‍).
const MALAYALAM = `ഫോൺ വളരെ നല്ലതാണ്, ക്യാമറ മികച്ചത്. അവന്${ZWJ} പറഞ്ഞു.`;

const DESCRIPTION = `${HINDI} ${BENGALI} ${TAMIL}`;

describe('text in Indian scripts', () => {
  it('is accepted, stored and given back exactly as written (NFC), and written as text in the pages', async () => {
    for (const text of [HINDI_SUMMARY, HINDI, BENGALI, TAMIL, MALAYALAM]) {
      expect(text.normalize('NFC'), text).toBe(text);
    }
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
        description: DESCRIPTION,
      },
      author.headers,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const review = posted.json().review as { id: number; summary: string; description: string };
    const read = (await get(`/product/${productId}/review/${review.id}`)).json().review;
    for (const r of [review, read]) {
      expect(bytes(r.summary)).toBe(bytes(HINDI_SUMMARY));
      expect(bytes(r.description)).toBe(bytes(DESCRIPTION));
    }
    const [stored] = await query<{ summary: string }>(
      t.database,
      `SELECT summary FROM reviews WHERE id = ${review.id}`,
    );
    expect(bytes(stored!.summary)).toBe(bytes(HINDI_SUMMARY));

    const comment = await post(`/product/review/${review.id}/comment`, { text: BENGALI }, author.headers);
    expect(comment.statusCode, comment.body).toBe(201);
    const commentId = comment.json().comment.id as number;
    const reply = await post(
      `/product/review/comment/${commentId}/reply`,
      { text: MALAYALAM },
      author.headers,
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const question = await post(`/product/${productId}/questions`, { text: TAMIL }, author.headers);
    expect(question.statusCode, question.body).toBe(201);
    const questionId = question.json().question.id as number;
    const answer = await post(`/product/question/${questionId}/answers`, { text: HINDI }, author.headers);
    expect(answer.statusCode, answer.body).toBe(201);

    const items = [
      (await get(`/product/review/${review.id}/comments`)).json().items[0],
      (await get(`/product/review/comment/${commentId}/replies`)).json().items[0],
      (await get(`/product/${productId}/questions`)).json().items[0],
      (await get(`/product/${productId}/question/${questionId}/answers`)).json().items[0],
    ] as LikeableItem[];
    expect(items.map((i) => bytes(i.text))).toEqual([BENGALI, MALAYALAM, TAMIL, HINDI].map(bytes));

    // The review's page, as the server renders it: the title, the text and its comment, as text.
    const path = `/product/${productId}/review/${review.id}`;
    const params = { id: String(productId), rid: String(review.id) };
    const data = await loadPage(t, reviewPage, path, params);
    const html = renderToString(
      <MemoryRouter>
        <ToastProvider>
          <SessionProvider>
            <reviewPage.default
              {...({ loaderData: data, params } as Parameters<typeof reviewPage.default>[0])}
            />
          </SessionProvider>
        </ToastProvider>
      </MemoryRouter>,
    );
    for (const text of [HINDI_SUMMARY, DESCRIPTION]) expect(html, text).toContain(text);
    const head = await pageHead(t, reviewPage, path, params);
    expect(property(head, 'og:title')[0]).toContain(HINDI_SUMMARY);
    // The description is cut between letters: it ends in a whole cluster and the ellipsis.
    const description = property(head, 'og:description')[0]!;
    expect(DESCRIPTION.length).toBeGreaterThan(155);
    expect(description.endsWith('…'), description).toBe(true);
    expect(DESCRIPTION.startsWith(description.slice(0, -1)), description).toBe(true);
    expect(description.length).toBeLessThanOrEqual(155);

    // Questions, answers, comments and replies are drawn by one component: their text is written as it is.
    for (const item of items) {
      const body = renderToString(
        <MemoryRouter>
          <ToastProvider>
            <SessionProvider>
              <ItemBody
                item={item}
                subject="comment"
                send={() => Promise.reject(new Error('not here'))}
                onDelete={() => Promise.resolve()}
              />
            </SessionProvider>
          </ToastProvider>
        </MemoryRouter>,
      );
      expect(body).toContain(item.text);
    }
  });

  it('stores the composed form (NFC) of text typed decomposed, and keeps the joiners', async () => {
    const author = await member(t);
    const [{ id: productId } = { id: 0 }] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM products WHERE NOT hidden ORDER BY id LIMIT 1`,
    );
    // फ़ as one code point (U+095E), which NFC writes as फ and a nukta; ë as e and a combining diaeresis.
    const typed = `\u095Eोन की बैटरी अच्छी है, क्${ZWJ}ष, says Zoe\u0308`;
    const res = await post(`/product/${productId}/questions`, { text: typed }, author.headers);
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json().question.text as string;
    expect(bytes(stored)).toBe(bytes(typed.normalize('NFC')));
    expect(stored).toContain(`\u092B\u093Cोन`);
    expect(stored).toContain(`क्${ZWJ}ष`);
    expect(stored).toContain('Zo\u00EB');
  });
});
