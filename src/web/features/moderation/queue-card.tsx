import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format.ts';
import {
  ACTION_LABELS,
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
import { formatDays, ROLE_LABELS, suspendedNow, TARGET_NAMES } from './labels.ts';
import { sensibleActions } from './moderation-api.ts';

const profileHref = (username: string) => `/profile/${encodeURIComponent(username)}`;

/** The badges of an item's state: hidden (and how), marked for fixing, deleted by its author. */
export function ItemBadges({ item }: { item: ModeratedItem }) {
  if (!item.hidden && !item.flagged && item.exists) return null;
  return (
    <p className="mod-badges">
      {item.hidden && (
        <span className={item.hidden.automatic ? 'badge mod-badge-auto' : 'badge mod-badge-hidden'}>
          {item.hidden.automatic ? 'Hidden automatically' : 'Hidden'}
        </span>
      )}
      {item.flagged && <span className="badge mod-badge-flagged">Marked for fixing</span>}
      {!item.exists && <span className="badge mod-badge-gone">Deleted by its author</span>}
    </p>
  );
}

/** The item as its author wrote it (text, never HTML), with where it is and why it is hidden. */
export function ItemBody({ item }: { item: ModeratedItem }) {
  return (
    <>
      <p className="muted small mod-meta">
        {TARGET_NAMES[item.target_type]} #{item.target_id}
        {item.created_at && (
          <>
            {' · '}
            <When date={item.created_at} prefix="posted " />
          </>
        )}
        {item.link && (
          <>
            {' · '}
            <Link to={item.link}>
              View in context<span className="visually-hidden">: {item.label}</span>
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
          <strong>{item.hidden.automatic ? 'Hidden automatically' : 'Hidden'}</strong>{' '}
          <When date={item.hidden.at} />: {item.hidden.reason}
        </p>
      )}
      {item.flagged && (
        <p className="mod-state">
          <strong>Marked for fixing</strong> <When date={item.flagged.at} />: {item.flagged.reason}
        </p>
      )}
    </>
  );
}

function Author({ author, headingId }: { author: QueueEntry['author']; headingId: string }) {
  return (
    <div className="mod-part">
      <h4 id={headingId}>Author</h4>
      {author ? (
        <dl className="facts mod-facts">
          <div>
            <dt>Name</dt>
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
            <dt>Joined</dt>
            <dd>{formatDate(author.joined)}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{ROLE_LABELS[author.role]}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              {suspendedNow(author.suspended_until) ? (
                <span className="badge mod-badge-hidden">
                  Suspended until {formatDate(author.suspended_until)}
                </span>
              ) : (
                'In good standing'
              )}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="muted">The author deleted their account.</p>
      )}
    </div>
  );
}

function Report({ report }: { report: QueueReport }) {
  const { reporter } = report;
  return (
    <li className="mod-report">
      <p className="mod-report-head">
        <strong>{report.reason}</strong>{' '}
        <span className="muted small">
          · <When date={report.created_at} />
        </span>
      </p>
      {report.comments ? (
        <UserText text={report.comments} className="mod-report-comments" />
      ) : (
        <p className="muted small">No comments.</p>
      )}
      <p className="muted small mod-reporter">
        By{' '}
        {reporter.username ? (
          <Link to={profileHref(reporter.username)}>@{reporter.username}</Link>
        ) : (
          'a deleted account'
        )}
        , joined {formatDate(reporter.joined)}
        {reporter.suspended && ', suspended'}
        {' · '}
        {reporter.counts ? (
          <span className="mod-counts">Counts toward automatic hiding</span>
        ) : (
          <span>
            Does not count toward automatic hiding ({reporter.suspended ? 'suspended' : 'new account'})
          </span>
        )}
      </p>
    </li>
  );
}

/** One earlier action, for the author's history and nothing else (the audit log is a table). */
function HistoryEntry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="mod-history-entry">
      <p className="mod-report-head">
        <strong>
          {ACTION_LABELS[entry.action]}
          {entry.days ? ` for ${formatDays(entry.days)}` : ''}
        </strong>{' '}
        <span className="muted small">
          · {TARGET_NAMES[entry.target_type]} #{entry.target_id} · <When date={entry.at} /> ·{' '}
          {entry.actor
            ? `by @${entry.actor}`
            : entry.action === 'auto_hide'
              ? 'automatically'
              : 'by a former moderator'}
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
  const who = author ? `@${author.username}` : 'the author';
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
        <h4 id={`${id}-reports`}>Reports ({reports.length})</h4>
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
            <h4 id={`${id}-history`}>Earlier actions against {who}</h4>
            {history.length ? (
              <ol className="mod-reports">
                {history.map((h) => (
                  <HistoryEntry key={h.id} entry={h} />
                ))}
              </ol>
            ) : (
              <p className="muted">{author ? 'None.' : 'Not applicable.'}</p>
            )}
          </div>
        </div>
      )}
      <div className="mod-part mod-act">
        <h4 id={`${id}-act`}>Take action</h4>
        <ActionForm
          targetType={item.target_type}
          targetId={item.target_id}
          actions={actions}
          reasonLabel={author ? undefined : 'Reason (kept in the audit log)'}
          onDone={onDone}
        />
      </div>
    </article>
  );
}
