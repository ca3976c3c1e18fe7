import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '../../../shared/campaign.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { todayInIndia } from '../../../shared/format.ts';
import { CAMPAIGN_CHECK_MS, CampaignService } from './service.ts';

let t: TestContext;
/** Mid-campaign by the seeded dates (30 Sep to 1 Nov 2024), 11:30 in India. */
const clock = new TestClock(Date.parse('2024-10-15T06:00:00Z'));
const api = '/platform/api/v1';

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
});
afterAll(() => t.close());

const submit = (payload: object) => t.app.inject({ method: 'POST', url: `${api}/submit-campaign`, payload });
const getCampaign = () => t.app.inject({ url: `${api}/campaign` });

interface FeedbackRow {
  campaign_id: string;
  first_name: string;
  last_name: string;
  email: string;
  country: string | null;
  city: string | null;
  description: string | null;
  rating: number;
}
const feedback = () =>
  query<FeedbackRow>(
    t.database,
    `SELECT campaign_id, first_name, last_name, email, country, city, description, rating
     FROM campaign_feedback ORDER BY id`,
  );
const count = async () => (await feedback()).length;

const form = { firstName: 'Asha', lastName: "D'Souza", email: 'asha@example.com', rating: 4 };

/** Whether a campaign is live at `iso`, from a service of its own (no cache carried over). */
const liveAt = (iso: string) => new CampaignService(t.database.db, new TestClock(Date.parse(iso))).live();

const SEEDED = {
  id: 'CP001',
  active: false,
  startsOn: '2024-09-30',
  endsOn: '2024-11-01',
  country: 'India',
  live: false,
};

describe('the seeded campaign', () => {
  it('is CP001, inactive, 30 Sep to 1 Nov 2024 in India', async () => {
    const res = await getCampaign();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, campaign: SEEDED });
    expect(await t.services.campaigns.live()).toBeNull();
    expect(await t.services.campaigns.current()).toEqual(SEEDED);
  });
});

describe('POST /submit-campaign', () => {
  it('stores the feedback with the rating in tenths', async () => {
    const res = await submit({
      firstName: '  Asha ',
      lastName: "D'Souza",
      email: ' Asha.DSouza@Example.com ',
      country: ' India ',
      city: 'Pune',
      description: '  Looks great, waiting for the launch.  ',
      rating: 3.7,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, rating: 3.7 });
    expect(await feedback()).toEqual([
      {
        campaign_id: 'CP001',
        first_name: 'Asha',
        last_name: "D'Souza",
        email: 'asha.dsouza@example.com',
        country: 'India',
        city: 'Pune',
        description: 'Looks great, waiting for the launch.',
        rating: 37,
      },
    ]);
  });

  it('accepts 0, 5 and binary-fraction steps, with the optional fields left out or blank', async () => {
    for (const [rating, tenths] of [
      [0, 0],
      [5, 50],
      [0.1 * 3, 3],
      [4.9, 49],
    ] as const) {
      const res = await submit({ ...form, rating, country: '', city: '  ', campaignId: 'CP001' });
      expect(res.statusCode, `${rating}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ success: true, rating: tenths / 10 });
      expect((await feedback()).at(-1)).toMatchObject({
        rating: tenths,
        country: null,
        city: null,
        description: null,
      });
    }
  });

  it('refuses ratings off the 0 to 5 scale or between tenths', async () => {
    const before = await count();
    for (const rating of [5.1, -0.1, 2.55, 6, '3', null, undefined]) {
      const res = await submit({ ...form, rating });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json(), String(rating)).toMatchObject({
        code: 'VALIDATION',
        field: 'rating',
        message: CAMPAIGN_MESSAGES.rating,
      });
    }
    expect(await count()).toBe(before);
  });

  it('says which required field is missing, in the spec’s words', async () => {
    const before = await count();
    const cases: [string, object, string, string][] = [
      ['no first name', { ...form, firstName: undefined }, 'firstName', 'First name is required'],
      ['blank first name', { ...form, firstName: '   ' }, 'firstName', 'First name is required'],
      ['no last name', { ...form, lastName: undefined }, 'lastName', 'Last name is required'],
      ['empty last name', { ...form, lastName: '' }, 'lastName', 'Last name is required'],
      ['no email', { ...form, email: undefined }, 'email', 'Email is required'],
      ['blank email', { ...form, email: '  ' }, 'email', 'Email is required'],
      ['bad email', { ...form, email: 'not-an-email' }, 'email', 'Invalid email format'],
      ['NUL', { ...form, firstName: 'As\u0000ha' }, 'firstName', CAMPAIGN_MESSAGES.controlCharacters],
      ['long city', { ...form, city: 'c'.repeat(61) }, 'city', CAMPAIGN_MESSAGES.tooLong],
    ];
    for (const [name, payload, field, message] of cases) {
      const res = await submit(payload);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ success: false, code: 'VALIDATION', field, message });
      expect(res.json().fields[field], name).toBe(message);
    }
    expect(CAMPAIGN_MESSAGES).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      emailRequired: 'Email is required',
      emailInvalid: 'Invalid email format',
    });
    // Every empty field at once: each gets its own message.
    const empty = await submit({ rating: 2 });
    expect(empty.json().fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
    });
    expect(await count()).toBe(before);
  });

  it('answers 404 for an unknown campaign and 400 for a malformed id', async () => {
    const before = await count();
    const unknown = await submit({ ...form, campaignId: 'CP999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      success: false,
      code: 'CAMPAIGN_NOT_FOUND',
      message: ERRORS.CAMPAIGN_NOT_FOUND.message,
    });
    for (const campaignId of ['cp001', 'CP1', '', "CP001' OR 1=1"]) {
      expect((await submit({ ...form, campaignId })).statusCode, campaignId).toBe(400);
    }
    expect(await count()).toBe(before);
  });
});

describe('CampaignService', () => {
  it('computes today in India', () => {
    expect(todayInIndia(new Date('2024-11-01T18:29:59Z'))).toBe('2024-11-01');
    expect(todayInIndia(new Date('2024-11-01T18:30:00Z'))).toBe('2024-11-02');
    expect(todayInIndia(new Date('2024-11-01T19:00:00Z'))).toBe('2024-11-02');
    expect(todayInIndia(new Date('2024-10-31T20:00:00Z'))).toBe('2024-11-01');
  });

  it('is live once switched on with dates around today, and GET /campaign says so', async () => {
    expect(await t.services.campaigns.live()).toBeNull();
    const view = await t.services.campaigns.set('CP001', {
      active: true,
      startsOn: '2024-10-10',
      endsOn: '2024-10-20',
    });
    const live = { ...SEEDED, active: true, startsOn: '2024-10-10', endsOn: '2024-10-20', live: true };
    expect(view).toEqual(live);
    // set() forgets the cached answer: no waiting for the change made through the service.
    expect(await t.services.campaigns.live()).toEqual(live);
    expect((await getCampaign()).json()).toEqual({ success: true, campaign: live });
    const [row] = await query<{ active: boolean; starts_on: string; ends_on: string }>(
      t.database,
      `SELECT active, starts_on::text AS starts_on, ends_on::text AS ends_on FROM campaigns WHERE id = 'CP001'`,
    );
    expect(row).toEqual({ active: true, starts_on: '2024-10-10', ends_on: '2024-10-20' });
    // Only what is given changes.
    expect(await t.services.campaigns.set('CP001', { endsOn: '2024-10-25' })).toEqual({
      ...live,
      endsOn: '2024-10-25',
    });
  });

  it('does not fail pages when the database does not answer: the last answer stands, the error is reported', async () => {
    const errors: unknown[] = [];
    let down = false;
    const db = {
      execute: (q: unknown) => (down ? Promise.reject(new Error('down')) : t.database.db.execute(q as never)),
    };
    const service = new CampaignService(db as never, clock, (err) => errors.push(err));
    await t.services.campaigns.set('CP001', { active: true, startsOn: '2024-10-10', endsOn: '2024-10-20' });
    expect((await service.live())?.id).toBe('CP001');
    down = true;
    clock.advance(CAMPAIGN_CHECK_MS);
    // Concurrent pages share one check.
    const [a, b] = await Promise.all([service.live(), service.live()]);
    expect([a?.id, b?.id]).toEqual(['CP001', 'CP001']);
    expect(errors).toHaveLength(1);
    const fresh = new CampaignService(db as never, clock, (err) => errors.push(err));
    expect(await fresh.live()).toBeNull();
    await t.services.campaigns.set('CP001', { active: false });
  });

  it('reads the database again only after CAMPAIGN_CHECK_MS', async () => {
    expect(CAMPAIGN_CHECK_MS).toBe(5000);
    await t.services.campaigns.set('CP001', { active: true, startsOn: '2024-10-10', endsOn: '2024-10-20' });
    expect((await t.services.campaigns.live())?.id).toBe('CP001');
    // Switched off behind the service's back, as `npm run campaign` does from another process.
    await t.database.db.execute(`UPDATE campaigns SET active = false WHERE id = 'CP001'`);
    expect((await t.services.campaigns.live())?.id).toBe('CP001');
    clock.advance(CAMPAIGN_CHECK_MS - 1);
    expect((await t.services.campaigns.live())?.id).toBe('CP001');
    clock.advance(1);
    expect(await t.services.campaigns.live()).toBeNull();
    // And back on: seen after the next 5 s again.
    await t.database.db.execute(`UPDATE campaigns SET active = true WHERE id = 'CP001'`);
    expect(await t.services.campaigns.live()).toBeNull();
    clock.advance(CAMPAIGN_CHECK_MS);
    expect((await t.services.campaigns.live())?.id).toBe('CP001');
    // current() is never cached.
    await t.database.db.execute(`UPDATE campaigns SET active = false WHERE id = 'CP001'`);
    expect((await t.services.campaigns.current()).live).toBe(false);
  });

  it('a switch made while a check is under way is seen at once, not overwritten by that check', async () => {
    await t.services.campaigns.set('CP001', { active: false });
    // Reads run at once but answer only when let go: the check reads "off", then the switch lands.
    let letGo = () => {};
    const held = new Promise<void>((done) => (letGo = done));
    const db = {
      execute: async (q: unknown) => {
        const result = await t.database.db.execute(q as never);
        if (JSON.stringify(q).includes('SELECT')) await held;
        return result;
      },
    };
    const service = new CampaignService(db as never, clock);
    const checking = service.live();
    await service.set('CP001', { active: true, startsOn: '2024-10-10', endsOn: '2024-10-20' });
    letGo();
    expect(await checking).toBeNull();
    expect((await service.live())?.id).toBe('CP001');
    await t.services.campaigns.set('CP001', { active: false });
  });

  it('counts no product views while the campaign stands in for every page', async () => {
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120';
    await t.services.campaigns.set('CP001', { active: true, startsOn: '2024-10-10', endsOn: '2024-10-20' });
    expect((await t.services.campaigns.live())?.id).toBe('CP001');
    const before = t.services.views.pendingCount;
    t.services.recordView(1, browser);
    expect(t.services.views.pendingCount).toBe(before);
    await t.services.campaigns.set('CP001', { active: false });
    expect(await t.services.campaigns.live()).toBeNull();
    t.services.recordView(1, browser);
    expect(t.services.views.pendingCount).toBe(before + 1);
  });

  it('is live only from its first day to its last, inclusive, in India', async () => {
    await t.services.campaigns.set('CP001', { active: true, startsOn: '2024-10-01', endsOn: '2024-10-31' });
    expect(await liveAt('2024-09-30T12:00:00Z')).toBeNull();
    expect(await liveAt('2024-09-30T18:29:59Z')).toBeNull();
    expect((await liveAt('2024-09-30T18:30:00Z'))?.id).toBe('CP001');
    expect((await liveAt('2024-10-31T18:29:59Z'))?.id).toBe('CP001');
    expect(await liveAt('2024-10-31T18:30:00Z')).toBeNull();
    expect(await liveAt('2024-11-15T06:00:00Z')).toBeNull();
    // A one-day campaign.
    await t.services.campaigns.set('CP001', { startsOn: '2024-10-05', endsOn: '2024-10-05' });
    expect(await liveAt('2024-10-04T12:00:00Z')).toBeNull();
    expect((await liveAt('2024-10-05T12:00:00Z'))?.id).toBe('CP001');
    expect(await liveAt('2024-10-06T12:00:00Z')).toBeNull();
  });

  it('ends at midnight in India, not UTC: CP001 ending 1 Nov is over at 19:00 UTC that day', async () => {
    await t.services.campaigns.set('CP001', { active: true, startsOn: '2024-09-30', endsOn: '2024-11-01' });
    expect((await liveAt('2024-11-01T12:00:00Z'))?.id).toBe('CP001');
    expect(await liveAt('2024-11-01T19:00:00Z')).toBeNull();
    // And it starts at midnight in India, while it is still 29 September in UTC.
    expect((await liveAt('2024-09-29T19:00:00Z'))?.id).toBe('CP001');
    expect(await liveAt('2024-09-29T18:00:00Z')).toBeNull();
    // Inactive: never live, whatever the date.
    await t.services.campaigns.set('CP001', { active: false });
    expect(await liveAt('2024-10-15T06:00:00Z')).toBeNull();
  });

  it('shows the live campaign, else the latest; feedback goes to the one shown', async () => {
    await t.database.db.execute(
      `INSERT INTO campaigns (id, active, starts_on, ends_on, country) VALUES ('CP002', false, '2025-01-01', '2025-02-01', 'India')`,
    );
    await t.services.campaigns.set('CP001', { active: false });
    expect((await t.services.campaigns.current()).id).toBe('CP002');
    expect((await submit(form)).statusCode).toBe(200);
    expect((await feedback()).at(-1)!.campaign_id).toBe('CP002');

    await t.services.campaigns.set('CP001', { active: true, startsOn: '2024-10-01', endsOn: '2024-10-31' });
    expect((await getCampaign()).json().campaign).toMatchObject({ id: 'CP001', live: true });
    expect((await submit(form)).statusCode).toBe(200);
    expect((await feedback()).at(-1)!.campaign_id).toBe('CP001');
    expect((await submit({ ...form, campaignId: 'CP002' })).statusCode).toBe(200);
    expect((await feedback()).at(-1)!.campaign_id).toBe('CP002');
  });

  it('refuses an unknown id and dates the wrong way round', async () => {
    await expect(t.services.campaigns.set('CP999', { active: true })).rejects.toMatchObject({
      code: 'CAMPAIGN_NOT_FOUND',
    });
    await expect(
      t.services.campaigns.set('CP001', { startsOn: '2024-12-01', endsOn: '2024-11-01' }),
    ).rejects.toThrow();
    expect(await t.services.campaigns.current()).toMatchObject({ id: 'CP001', startsOn: '2024-10-01' });
  });
});
