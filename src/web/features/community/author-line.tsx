import { useState } from 'react';
import { Link } from 'react-router';
import type { Author } from '../../../shared/community-api.ts';
import { formatDate } from '../../../shared/format.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Avatar } from '../session/avatar.tsx';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'N units ago' as Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' }) says it, without loading Intl. */
const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** '5 minutes ago', 'yesterday', '3 days ago' within a week; null for older dates (shown as dates). */
export function relativeDate(iso: string, now: number): string | null {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  const since = now - then;
  if (since < 0 || since >= 7 * DAY) return null;
  if (since < MINUTE) return 'just now';
  if (since < HOUR) return ago(Math.floor(since / MINUTE), 'minute');
  if (since < DAY) return ago(Math.floor(since / HOUR), 'hour');
  const days = Math.floor(since / DAY);
  return days === 1 ? 'yesterday' : ago(days, 'day');
}

/**
 * The date as the server renders it (26 May 2025), then, once in the browser, '3 hours ago' within a week: the
 * server's clock and the browser's differ, so the relative form waits for hydration.
 */
export function When({ date, prefix = '' }: { date: string; prefix?: string }) {
  const hydrated = useHydrated();
  const [now] = useState(Date.now);
  const day = formatDate(date);
  const text = (hydrated && relativeDate(date, now)) || day;
  return (
    <time dateTime={date} title={day}>
      {prefix}
      {text}
    </time>
  );
}

/** The label of the demo community's made-up members and their sample posts, wherever they appear. */
export function DemoBadge() {
  return (
    <span className="badge" title="A made-up member of the demo community: this is sample text">
      Demo
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
  return (
    <div className="author-line">
      {author ? (
        <>
          <Avatar user={author} />
          <Link to={`/profile/${encodeURIComponent(author.username)}`} className="author-name">
            {`${author.firstName} ${author.lastName}`.trim() || author.username}
          </Link>
          {author.demo && <DemoBadge />}
        </>
      ) : (
        <>
          <span className="avatar avatar-small avatar-deleted" aria-hidden="true">
            ?
          </span>
          <span className="author-name author-deleted">Deleted user</span>
        </>
      )}
      <span className="author-date muted small">
        <When date={date} />
        {updated && updated !== date && (
          <>
            {' · '}
            <When date={updated} prefix="edited " />
          </>
        )}
      </span>
    </div>
  );
}
