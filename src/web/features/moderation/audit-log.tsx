import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ACTION_LABELS } from '../../../shared/moderation-constants.ts';
import type { AuditEntry } from '../../../shared/moderation.ts';
import { ShowMore } from '../community/show-more.tsx';
import { usePagedList } from '../community/use-paged-list.ts';
import { formatMoment, TARGET_NAMES } from './labels.ts';
import { isForbidden, useModerationApi } from './moderation-api.ts';
import { NotForYou, useRole } from './staff-page.tsx';

export const FOR_ADMINS = 'This page is for admins.';

const DASH = (
  <>
    <span aria-hidden="true">—</span>
    <span className="visually-hidden">none</span>
  </>
);

function who(entry: AuditEntry) {
  if (entry.actor) return `@${entry.actor}`;
  return entry.action === 'auto_hide' ? 'Automatic' : 'Deleted account';
}

/**
 * /moderation/audit for a signed-in user: every moderation action, newest first, as a table (10 rows at a time,
 * "Show more"), for admins; "This page is for admins." for anyone else.
 */
export function AuditLogView({ token }: { token: string }) {
  const role = useRole(token);
  const api = useModerationApi();
  const [forbidden, setForbidden] = useState(false);
  const rows = useRef<HTMLTableSectionElement>(null);
  const list = usePagedList(
    useCallback(
      async (page: number) => {
        try {
          return await api.audit(page);
        } catch (err) {
          if (isForbidden(err)) setForbidden(true);
          throw err;
        }
      },
      [api],
    ),
  );

  if (forbidden || (role && role !== 'admin')) return <NotForYou message={FOR_ADMINS} />;
  return (
    <>
      <p>
        Every action moderators took, and every automatic hiding, newest first. Entries are never changed or
        removed. <Link to="/moderation">Back to the queue</Link>
      </p>
      {!list.items.length ? (
        list.error ? null : (
          <p role="status" className="muted">
            {list.loading ? 'Loading the log…' : 'Nothing logged yet.'}
          </p>
        )
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="mod-audit-caption" tabIndex={0}>
          <table className="mod-audit">
            <caption id="mod-audit-caption">
              Audit log{list.total > 0 ? ` (${list.total} entries)` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Moderator</th>
                <th scope="col">Action</th>
                <th scope="col">Item</th>
                <th scope="col">About</th>
                <th scope="col">Reason</th>
                <th scope="col">Days</th>
              </tr>
            </thead>
            <tbody ref={rows}>
              {list.items.map((e) => (
                <tr key={e.id}>
                  <td className="mod-audit-when">
                    <time dateTime={e.at}>{formatMoment(e.at)}</time>
                  </td>
                  <td>{who(e)}</td>
                  <td>{ACTION_LABELS[e.action]}</td>
                  <td className="mod-audit-item">
                    {TARGET_NAMES[e.target_type]} #{e.target_id}
                  </td>
                  <td>{e.subject ? `@${e.subject}` : DASH}</td>
                  <td className="mod-audit-reason">{e.reason}</td>
                  <td>{e.days ?? DASH}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ShowMore list={list} label="Show more entries" listRef={rows} />
    </>
  );
}
