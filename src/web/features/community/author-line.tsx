import { useState } from 'react';
import { Link } from 'react-router';
import type { Author } from '../../../shared/community-api.ts';
import { formatDate } from '../../../shared/format.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Avatar } from '../session/avatar.tsx';
import { useForeignText, useLocale } from '../../i18n/i18n.tsx';
import { communityTexts } from './texts.ts';

type T = ReturnType<typeof communityTexts.t>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** '5 minutes ago', 'yesterday', '3 days ago' within a week; null for older dates (shown as dates). */
export function relativeDate(iso: string, now: number, t: T = communityTexts.t('en')): string | null {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  const since = now - then;
  if (since < 0 || since >= 7 * DAY) return null;
  // As Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' }) says it, without loading Intl.
  if (since < MINUTE) return t('justNow');
  if (since < HOUR) return t('minutesAgo', { count: Math.floor(since / MINUTE) });
  if (since < DAY) return t('hoursAgo', { count: Math.floor(since / HOUR) });
  const days = Math.floor(since / DAY);
  return days === 1 ? t('yesterday') : t('daysAgo', { count: days });
}

/**
 * The date as the server renders it (26 May 2025), then, once in the browser, '3 hours ago' within a week: the
 * server's clock and the browser's differ, so the relative form waits for hydration.
 */
export function When({ date, prefix = '' }: { date: string; prefix?: string }) {
  const hydrated = useHydrated();
  const locale = useLocale();
  const [now] = useState(Date.now);
  const day = formatDate(date, locale);
  const text = (hydrated && relativeDate(date, now, communityTexts.t(locale))) || day;
  return (
    <time dateTime={date} title={day}>
      {prefix}
      {text}
    </time>
  );
}

/** The label of the demo community's made-up members and their sample posts, wherever they appear. */
export function DemoBadge() {
  const t = communityTexts.useT();
  return (
    <span className="badge" title={t('demoTitle')}>
      {t('demo')}
    </span>
  );
}

/**
 * Who wrote something and when: avatar, name (a link to their profile), 'Demo' for the demo community, date, and
 * 'edited' after a change.
 */
export function AuthorLine({
  author,
  date,
  updated = null,
}: {
  author: Author;
  date: string;
  updated?: string | null;
}) {
  const t = communityTexts.useT();
  const { name } = useForeignText();
  return (
    <div className="author-line">
      {author ? (
        <>
          <Avatar user={author} />
          <Link to={`/profile/${encodeURIComponent(author.username)}`} className="author-name" {...name}>
            {`${author.firstName} ${author.lastName}`.trim() || author.username}
          </Link>
          {author.demo && <DemoBadge />}
        </>
      ) : (
        <>
          <span className="avatar avatar-small avatar-deleted" aria-hidden="true">
            ?
          </span>
          <span className="author-name author-deleted">{t('deletedUser')}</span>
        </>
      )}
      <span className="author-date muted small">
        <When date={date} />
        {updated && updated !== date && (
          <>
            {' · '}
            <When date={updated} prefix={t('edited')} />
          </>
        )}
      </span>
    </div>
  );
}
