import type {
  AuditAction,
  ModerationAction,
  ModerationTarget,
  Role,
} from '../../../shared/moderation-constants.ts';
import type { Incentive } from '../../../shared/community-constants.ts';
import type { Locale } from '../../../shared/locale.ts';
import { formatDate } from '../../../shared/format.ts';
import en from '../../i18n/locales/en/moderation.json';
import { messages, type Translate } from '../../i18n/i18n.tsx';

/** The moderation pages' texts (issue 25): the staff frame, the queue, appeals, proofs, listings, the audit log. */
export const moderationTexts = messages('moderation', en);

export type ModerationKey = Extract<keyof typeof en, string>;
export type ModerationT = Translate<ModerationKey>;

const cap = (s: string) =>
  s
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** The action form's choice for an action: its label, hint and button. */
export const actionChoice = (t: ModerationT, a: ModerationAction) => ({
  label: t(`choice${cap(a)}` as ModerationKey),
  hint: t(`hint${cap(a)}` as ModerationKey),
  submit: t(`submit${cap(a)}` as ModerationKey),
});

/** What the server says once an action is done, in the page's language (English: the server's own words). */
export const actionDone = (t: ModerationT, a: ModerationAction) => t(`done${cap(a)}` as ModerationKey);

/** An audit action as the log and the queue name it ('Dismissed reports'). */
export const actionLabel = (t: ModerationT, a: AuditAction) => t(`action${cap(a)}` as ModerationKey);

export const roleLabel = (t: ModerationT, r: Role) => t(`role${cap(r)}` as ModerationKey);

export const targetName = (t: ModerationT, target: ModerationTarget) =>
  t(`target${cap(target)}` as ModerationKey);

export const incentiveText = (t: ModerationT, i: Exclude<Incentive, 'none'>) =>
  t(`incentive${cap(i)}` as ModerationKey);

/** '1 day', '7 days'. */
export const daysText = (t: ModerationT, days: number) => t('days', { count: days });

/** The schema's field messages (MODERATION_MESSAGES, …) in the page's language: for useForm's `messages`. */
export const fieldMessages = (t: ModerationT, locale: Locale) =>
  locale === 'en' ? {} : { reason: t('msgReason'), days: t('msgDays'), incentive: t('msgIncentive') };

const momentFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const clockFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Asia/Kolkata',
});

/**
 * A moment with its time in India, for the staff pages' logs: '23 Dec 2026, 8:00 pm' in English, '23 दिसंबर
 * 2026, 20:00' in Hindi (its date by the site's Hindi month names, a 24-hour clock).
 */
export const formatMoment = (iso: string, locale: Locale = 'en'): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return locale === 'en' ? momentFormat.format(d) : `${formatDate(iso, locale)}, ${clockFormat.format(d)}`;
};
