import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import {
  DEFAULT_PREFERENCE,
  type Preference,
  PREFERENCE_CATEGORY,
  type StoredPreference,
} from '../../../shared/preferences.ts';
import type { Clock } from '../../lib/clock.ts';

interface PreferenceRow {
  budget_min: number;
  budget_max: number;
  focus_area: number;
  released_within: number;
}

/** A user's saved preferences for recommendations, one row per category; the defaults until they save. */
export class PreferenceService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async get(userId: number, category: string = PREFERENCE_CATEGORY): Promise<StoredPreference> {
    const [row] = await rows<PreferenceRow>(
      this.db,
      sql`SELECT budget_min, budget_max, focus_area, released_within FROM user_preferences
        WHERE user_id = ${userId} AND category_id = ${category}`,
    );
    const { preferred_brand, non_preferred_brand } = DEFAULT_PREFERENCE;
    return row
      ? { category_id: PREFERENCE_CATEGORY, ...row, preferred_brand, non_preferred_brand, saved: true }
      : { ...DEFAULT_PREFERENCE, saved: false };
  }

  /** Saves the whole preference (the form always sends every field), replacing what was there. */
  async save(userId: number, p: Preference): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.db.execute(sql`
      INSERT INTO user_preferences (user_id, category_id, budget_min, budget_max, focus_area, released_within,
        updated_at)
      VALUES (${userId}, ${p.category_id}, ${p.budget_min}, ${p.budget_max}, ${p.focus_area}, ${p.released_within},
        ${now})
      ON CONFLICT (user_id, category_id) DO UPDATE SET budget_min = EXCLUDED.budget_min,
        budget_max = EXCLUDED.budget_max, focus_area = EXCLUDED.focus_area,
        released_within = EXCLUDED.released_within, updated_at = EXCLUDED.updated_at`);
  }
}
