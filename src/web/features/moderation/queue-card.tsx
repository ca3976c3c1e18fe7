import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format.ts';
import {
  ACTIONS_FOR,
  type AuditEntry,
  type ModeratedItem,
  type ModerationAction,
  type QueueEntry,
  type QueueReport,
} from '../../../shared/moderation.ts';
import { DemoBadge, When } from '../community/author-line.tsx';
import { UserText } from '../community/user-text.tsx';
import { ActionForm } from './action-form.tsx';
import { useLocale } from '../../i18n/i18n.tsx';
import { rich } from '../session/rich.tsx';
import { useCommunityTexts } from '../community/texts.ts';
import { suspendedNow } from './labels.ts';
import { actionLabel, daysText, moderationTexts, roleLabel, targetName } from './texts.ts';
import { sensibleActions } from './moderation-api.ts';

const profileHref = (username: string) => `/profile/${encodeURIComponent(username)}`;

/** The badges of an item's state: hidden (and how), marked for fixing, deleted by its author. */
export function ItemBadges({ item }: { item: ModeratedItem }) {
  const t = moderationTexts.useT();
  if (!item.hidden && !item.flagged && item.exists) return null;
  return (
    <p className="mod-badges">
      {item.hidden && (
        <span className={item.hidden.automatic ? 'badge mod-badge-auto' : 'badge mod-badge-hidden'}>
          {item.hidden.automatic ? t('hiddenAutomatically') : t('hidden')}
        </span>
      )}
      {item.flagged && <span className="badge mod-badge-flagged">{t('markedForFixing')}</span>}
      {!item.exists && <span className="badge mod-badge-gone">{t('deletedByAuthor')}</span>}
    </p>
  );
}

/** The item as its author wrote it (text, never HTML), with where it is and why it is hidden. */
export function ItemBody({ item }: { item: ModeratedItem }) {
  const t = moderationTexts.useT();
  const { k } = useCommunityTexts();
  return (
    <>
      <p className="muted small mod-meta">
        {targetName(t, item.target_type)} #{item.target_id}
        {item.created_at && (
          <>
            {' · '}
            <When date={item.created_at} prefix={t('posted')} />
          </>
        )}
        {item.link && (
          <>
            {' · '}
            <Link to={item.link}>
              {t('viewInContext')}
              <span className="visually-hidden">: {item.label}</span>
            </Link>
          </>
        )}
      </p>
      <div className="mod-quote">
        {item.title && <p className="mod-quote-title">{item.title}</p>}
        <UserText text={item.text} />
      </div>
      {item.hidden && (
        <p className="mod-state">
          <strong>{item.hidden.automatic ? t('hiddenAutomatically') : t('hidden')}</strong>{' '}
          <When date={item.hidden.at} />: {k(item.hidden.reason)}
        </p>
      )}
      {item.flagged && (
        <p className="mod-state">
          <strong>{t('markedForFixing')}</strong> <When date={item.flagged.at} />: {item.flagged.reason}
        </p>
      )}
    </>
  );
}

function Author({ author, headingId }: { author: QueueEntry['author']; headingId: string }) {
  const t = moderationTexts.useT();
  const locale = useLocale();
  return (
    <div className="mod-part">
      <h4 id={headingId}>{t('author')}</h4>
      {author ? (
        <dl className="facts mod-facts">
          <div>
            <dt>{t('name')}</dt>
            <dd>
              <Link to={profileHref(author.username)}>
                {`${author.firstName} ${author.lastName}`.trim() || author.username}
              </Link>{' '}
              <span className="muted">@{author.username}</span>
              {author.demo && (
                <>
                  {' '}
                  <DemoBadge />
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('joined')}</dt>
            <dd>{formatDate(author.joined, locale)}</dd>
          </div>
          <div>
            <dt>{t('role')}</dt>
            <dd>{roleLabel(t, author.role)}</dd>
          </div>
          <div>
            <dt>{t('status')}</dt>
            <dd>
              {suspendedNow(author.suspended_until) ? (
                <span className="badge mod-badge-hidden">
                  {t('suspendedUntil', { date: formatDate(author.suspended_until, locale) })}
                </span>
              ) : (
                t('goodStanding')
              )}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="muted">{t('authorDeleted')}</p>
      )}
    </div>
  );
}

function Report({ report }: { report: QueueReport }) {
  const { reporter } = report;
  const t = moderationTexts.useT();
  const { k } = useCommunityTexts();
  const locale = useLocale();
  return (
    <li className="mod-report">
      <p className="mod-report-head">
        <strong>{k(report.reason)}</strong>{' '}
        <span className="muted small">
          · <When date={report.created_at} />
        </span>
      </p>
      {report.comments ? (
        <UserText text={report.comments} className="mod-report-comments" />
      ) : (
        <p className="muted small">{t('noComments')}</p>
      )}
      <p className="muted small mod-reporter">
        {rich(t, 'reportBy', {
          who: reporter.username ? (
            <Link to={profileHref(reporter.username)}>@{reporter.username}</Link>
          ) : (
            t('aDeletedAccount')
          ),
          date: formatDate(reporter.joined, locale),
        })}
        {reporter.suspended && t('reporterSuspended')}
        {' · '}
        {reporter.counts ? (
          <span className="mod-counts">{t('countsTowardHiding')}</span>
        ) : (
          <span>{reporter.suspended ? t('notCountsSuspended') : t('notCountsNew')}</span>
        )}
      </p>
    </li>
  );
}

/** One earlier action, for the author's history and nothing else (the audit log is a table). */
function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const t = moderationTexts.useT();
  return (
    <li className="mod-history-entry">
      <p className="mod-report-head">
        <strong>
          {entry.days
            ? t('actionFor', { action: actionLabel(t, entry.action), days: daysText(t, entry.days) })
            : actionLabel(t, entry.action)}
        </strong>{' '}
        <span className="muted small">
          · {targetName(t, entry.target_type)} #{entry.target_id} · <When date={entry.at} /> ·{' '}
          {entry.actor
            ? t('byActor', { name: entry.actor })
            : entry.action === 'auto_hide'
              ? t('automatically')
              : t('byFormerModerator')}
        </span>
      </p>
      <p className="mod-history-reason">{entry.reason}</p>
    </li>
  );
}

/**
 * One item of the queue: what it is and where, its text, its state, its author, every report, the author's
 * earlier record, and the action form. Its heading takes focus when the card before it leaves the list.
 */
export function QueueCard({ entry, onDone }: { entry: QueueEntry; onDone(action: ModerationAction): void }) {
  const id = useId();
  const { item, author, reports, history } = entry;
  const actions = sensibleActions(ACTIONS_FOR[item.target_type], {
    hidden: !!item.hidden,
    flagged: !!item.flagged,
    exists: item.exists,
    hasAuthor: !!author,
  });
  const t = moderationTexts.useT();
  const who = author ? `@${author.username}` : t('theAuthor');
  return (
    <article className="mod-item" aria-labelledby={`${id}-title`}>
      <header className="mod-item-head">
        <h3 id={`${id}-title`} className="mod-item-title" tabIndex={-1}>
          {item.label}
        </h3>
        <ItemBadges item={item} />
      </header>
      <ItemBody item={item} />
      <div className="mod-part mod-reports-part">
        <h4 id={`${id}-reports`}>{t('reportsCount', { count: String(reports.length) })}</h4>
        <ol className="mod-reports">
          {reports.map((r) => (
            <Report key={r.id} report={r} />
          ))}
        </ol>
      </div>
      {(author || item.target_type !== 'product') && (
        <div className="mod-parts">
          <Author author={author} headingId={`${id}-author`} />
          <div className="mod-part">
            <h4 id={`${id}-history`}>{t('earlierActions', { who })}</h4>
            {history.length ? (
              <ol className="mod-reports">
                {history.map((h) => (
                  <HistoryEntry key={h.id} entry={h} />
                ))}
              </ol>
            ) : (
              <p className="muted">{author ? t('noneYet') : t('notApplicable')}</p>
            )}
          </div>
        </div>
      )}
      <div className="mod-part mod-act">
        <h4 id={`${id}-act`}>{t('takeAction')}</h4>
        <ActionForm
          targetType={item.target_type}
          targetId={item.target_id}
          actions={actions}
          reasonLabel={author ? undefined : t('reasonForLog')}
          onDone={onDone}
        />
      </div>
    </article>
  );
}
