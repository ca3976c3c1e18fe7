/** Bug reports and feature requests from the help center, stored for the team with the signed-in user. */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import type { HelpRequestSchema } from '../../../shared/help.ts';
import type { Clock } from '../../lib/clock.ts';

export class HelpRequestService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async submit(
    input: z.output<typeof HelpRequestSchema>,
    userId: number | null,
    userAgent: string | null,
  ): Promise<{ id: number }> {
    const [row] = await rows<{ id: number }>(
      this.db,
      sql`INSERT INTO help_requests (kind, user_id, email, title, description, page_url, user_agent, created_at)
        VALUES (${input.kind}, ${userId}, ${input.email ?? null}, ${input.title},
          ${input.description}, ${input.page_url ?? null}, ${userAgent?.slice(0, 300) ?? null},
          ${this.clock.now().toISOString()})
        RETURNING id`,
    );
    return row!;
  }
}
