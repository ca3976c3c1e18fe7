import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  CAMPAIGN_RATING,
  CAMPAIGN_RATING_KEY,
  CAMPAIGN_TOAST_DELAY_MS,
  type CampaignView,
} from '../../../shared/campaign.ts';
import { formatDate } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locale.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { storedValue } from '../../lib/stored-value.ts';
import { useToast } from '../toasts/toasts.tsx';
import { CampaignForm, formatCampaignRating, roundRating } from './campaign-form.tsx';
import { campaignTexts } from './texts.ts';

/** What this browser sent, and to which campaign: a later campaign asks again. */
interface SentRating {
  campaignId: string;
  rating: number;
}

/** The rating this browser sent (a returning visitor sees the thanks card); null when none. */
function parseRating(raw: string | null): SentRating | null {
  if (raw === null) return null;
  const value = JSON.parse(raw) as Partial<SentRating> | null;
  const n = value?.rating;
  return typeof value?.campaignId === 'string' &&
    typeof n === 'number' &&
    n >= CAMPAIGN_RATING.min &&
    n <= CAMPAIGN_RATING.max
    ? { campaignId: value.campaignId, rating: roundRating(n) }
    : null;
}

export const campaignRating = storedValue<SentRating | null>(CAMPAIGN_RATING_KEY, parseRating, null);

/** The server never knows what this browser stored: it renders the form, and the browser swaps after hydrating. */
const noRating = () => null;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A campaign date, YYYY-MM-DD, as '30 Sep 2024' (Indian day-month-year order). Read from the string itself, so
 * no time zone can move it a day, and spelt out here, since locales disagree on 'Sep' and 'Sept'.
 */
export function formatCampaignDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${Number(m[3])} ${month} ${m[1]}` : isoDate;
}

/** A campaign date in the page's language: '30 Sep 2024' in English, the Hindi date ('30 सितंबर 2024') in Hindi. */
const campaignDate = (isoDate: string, locale: Locale) =>
  locale === 'en' ? formatCampaignDate(isoDate) : formatDate(isoDate.slice(0, 10), locale);

/** The campaign page's title (also /user-campaign's), in English; campaignTexts' `title` in the page's language. */
export const CAMPAIGN_TITLE = 'Verdict is coming: tell us what you think';

/**
 * The pre-launch campaign page (spec sections 1, 3 and 4). Self-contained: while a campaign is live it is the
 * whole app, with no navigation bar or footer. It needs a ToastProvider above it, and its stylesheet
 * (campaign.css) linked by the route or layout that shows it.
 */
export default function CampaignPage({
  campaign,
  replacing = false,
}: {
  campaign: CampaignView;
  /** Standing in for every page (the layout leaves out the pages' own title and tags): its own, and noindex. */
  replacing?: boolean;
}) {
  const toast = useToast();
  const t = campaignTexts.useT();
  const locale = useLocale();
  const sent = useSyncExternalStore(campaignRating.subscribe, campaignRating.read, noRating);
  const stored = sent?.campaignId === campaign.id ? sent.rating : null;
  /** Sent from this page just now: the thanks card takes focus (a returning visitor's does not). */
  const [justSent, setJustSent] = useState(false);
  const toastTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(toastTimer.current), []);

  const onSubmitted = (rating: number) => {
    campaignRating.write({ campaignId: campaign.id, rating });
    setJustSent(true);
    clearTimeout(toastTimer.current);
    toastTimer.current = setTimeout(
      () => toast.show({ message: t('submitted'), type: 'success' }),
      CAMPAIGN_TOAST_DELAY_MS,
    );
  };

  const country = campaign.country;
  return (
    <div className="campaign">
      {replacing && (
        <>
          <title>{t('title')}</title>
          <meta name="robots" content="noindex" />
        </>
      )}
      <header className="campaign-header">
        <p className="campaign-wordmark">Verdict</p>
        <h1>{t('comingTo', { country })}</h1>
        <p className="lead">{t('lead')}</p>
        <ul className="campaign-pitch">
          <li>
            <strong>{t('catalogueStrong')}</strong> {t('catalogueText')}
          </li>
          <li>
            <strong>{t('ratingsStrong')}</strong> {t('ratingsText')}
          </li>
          <li>
            <strong>{t('compareStrong')}</strong> {t('compareText')}
          </li>
          <li>
            <strong>{t('askStrong')}</strong> {t('askText')}
          </li>
        </ul>
        <p className="campaign-dates">
          {t('campaignId', { id: campaign.id })} ·{' '}
          <time dateTime={campaign.startsOn}>{campaignDate(campaign.startsOn, locale)}</time> {t('to')}{' '}
          <time dateTime={campaign.endsOn}>{campaignDate(campaign.endsOn, locale)}</time>
        </p>
      </header>

      {stored === null ? (
        <section className="campaign-card" aria-labelledby="campaign-feedback-title">
          <h2 id="campaign-feedback-title">{t('feedbackTitle')}</h2>
          <p className="muted">{t('buildingFor', { country })}</p>
          <CampaignForm campaign={campaign} onSubmitted={onSubmitted} />
        </section>
      ) : (
        <ThanksCard rating={stored} country={country} focus={justSent} />
      )}
    </div>
  );
}

function ThanksCard({ rating, country, focus }: { rating: number; country: string; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const t = campaignTexts.useT();
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section className="campaign-card campaign-thanks" aria-labelledby="campaign-thanks-title">
      <h2 id="campaign-thanks-title" ref={heading} tabIndex={-1}>
        {t('thanks')}
      </h2>
      <p>{t('youRated', { rating: formatCampaignRating(rating) })}</p>
      <p className="muted">{t('helpsUs', { country })}</p>
    </section>
  );
}
