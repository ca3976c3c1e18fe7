/**
 * The daily digest in the member's language (decision 0045), mailed through a real SMTP server: a Hindi member's
 * digest is Hindi, its links open the Hindi pages, the one-click unsubscribe URL is the API's as before, and its
 * sentences read as the notifications page's Hindi does (the web words them from its catalogue).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPage } from '../../../shared/notifications.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { type Member, member, productId } from '../../../test/community.ts';
import { REVIEW_FORM } from '../../../test/moderation.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import '../../../web/i18n/hindi.ts';
import { noticeTexts } from '../../../web/features/notifications/texts.ts';
import { passEndingNotices } from './notices.ts';

let t: TestContext;
let smtp: TestSmtp;
const SITE = 'https://verdict.example';
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: SITE });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PLATFORM = '/platform/api/v1';
const API = '/user/api/v1/notifications';

const send = async (m: Member, method: 'POST' | 'PUT', url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: m.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

describe('the daily digest in Hindi', () => {
  it('is Hindi for a Hindi member, with links to the Hindi pages and the same one-click unsubscribe', async () => {
    const [asha, bala] = [await member(t), await member(t)];
    await query(t.database, `UPDATE users SET language = 'hi' WHERE id = ${asha.id}`);
    await send(asha, 'PUT', `${API}/settings`, { comment: 'email', pass: 'email' });
    const product = await productId(t, 420);
    const { review } = await send(asha, 'POST', `${PLATFORM}/product/${product}/review`, REVIEW_FORM);
    await send(bala, 'POST', `${PLATFORM}/product/review/${review.id}/comment`, { text: 'बहुत बढ़िया रिव्यू' });
    const now = t.services.clock.now();
    const ends = new Date(now.getTime() + 2 * 86_400_000);
    await query(
      t.database,
      `INSERT INTO passes (user_id, ends_at) VALUES (${asha.id}, '${ends.toISOString()}')`,
    );
    await passEndingNotices(t.database.db, now);

    expect(await t.services.digest.sendDue()).toBeGreaterThanOrEqual(1);
    const to = `${asha.username}@example.com`;
    const mail = await smtp.mailTo(to, 'आपके 2 Verdict नोटिफ़िकेशन');
    const raw = smtp.received.find((m) => m.to.includes(to))!.raw;
    expect(mail.text).toContain(`नमस्ते Test,`);
    expect(mail.text).toContain('Test Member ने आपके रिव्यू पर कमेंट किया');
    // What members wrote stays as written.
    expect(mail.text).toContain('बहुत बढ़िया रिव्यू');
    expect(mail.text).toMatch(
      /आपका ReviewPass \d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर) \d{4} को ख़त्म हो रहा है/,
    );
    expect(mail.text).toContain('बिना ऐड के पढ़ते रहने के लिए इसे रिन्यू करें।');
    expect(mail.text).toContain(`${SITE}/hi/product/${product}/review/${review.id}`);
    expect(mail.text).toContain(`${SITE}/hi/my-account`);
    expect(mail.text).toMatch(new RegExp(`^सभी नोटिफ़िकेशन देखें: ${SITE}/hi/notifications\r?$`, 'm'));
    expect(mail.text).toContain(`${SITE}/hi/notifications#settings`);
    expect(mail.text).toMatch(new RegExp(`${SITE}/hi/unsubscribe\\?u=${asha.id}&s=[A-Za-z0-9_-]+`));
    expect(mail.text).not.toMatch(/ on your review|Here is what happened/);
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toMatch(
      new RegExp(
        `^List-Unsubscribe: <${SITE}/user/api/v1/notifications/unsubscribe\\?u=${asha.id}&s=[^>]+>`,
        'm',
      ),
    );

    // The notifications page words the same notices alike (it translates the API's English sentences).
    const page = await t.app.inject({ url: `${API}?size=20`, headers: asha.headers });
    const items = page.json<NotificationsPage>().items;
    expect(items).toHaveLength(2);
    for (const item of items) {
      const { title, text } = noticeTexts(item, 'hi');
      expect(mail.text).toContain(title);
      expect(mail.text).toContain(text);
    }
  });

  it('stays English for an English member', async () => {
    const [chitra, dev] = [await member(t), await member(t)];
    await send(chitra, 'PUT', `${API}/settings`, { comment: 'email' });
    const product = await productId(t, 421);
    const { review } = await send(chitra, 'POST', `${PLATFORM}/product/${product}/review`, REVIEW_FORM);
    await send(dev, 'POST', `${PLATFORM}/product/review/${review.id}/comment`, { text: 'Nice one' });
    await t.services.digest.sendDue();
    const mail = await smtp.mailTo(`${chitra.username}@example.com`);
    expect(mail.subject).toBe('Your Verdict notification');
    expect(mail.text).toMatch(new RegExp(`^See them all: ${SITE}/notifications\r?$`, 'm'));
    expect(mail.text).toContain(`${SITE}/product/${product}/review/${review.id}`);
    expect(mail.text).toMatch(new RegExp(`${SITE}/unsubscribe\\?u=${chitra.id}&s=`));
  });
});
