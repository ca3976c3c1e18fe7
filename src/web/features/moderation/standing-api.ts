import type { Standing } from '../../../shared/moderation.ts';
import { accountFetch } from '../session/api.ts';

let asked: { token: string; answer: Promise<Standing> } | null = null;

/**
 * The signed-in user's standing (role, suspension, moderators' notices): GET /user/api/v1/user/standing, asked
 * once a page load per token (`fresh` asks again) and shared by whoever needs it (the user menu's Moderation
 * link, the account page). A failure is forgotten, so the next caller asks again.
 */
export function standing(token: string, fresh = false): Promise<Standing> {
  if (fresh || asked?.token !== token) {
    const answer = accountFetch<Standing>('/user/standing', { token });
    asked = { token, answer };
    answer.catch(() => {
      if (asked?.answer === answer) asked = null;
    });
  }
  return asked!.answer;
}
