import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AuditEntry } from '../../../shared/moderation.ts';
import { ShowMore } from '../community/show-more.tsx';
import { usePagedList } from '../community/use-paged-list.ts';
import { isForbidden, useModerationApi } from './moderation-api.ts';
import { NotForYou, useRole } from './staff-page.tsx';
import { actionLabel, formatMoment, moderationTexts, type ModerationT, targetName } from './texts.ts';
import { useLocale } from '../../i18n/i18n.tsx';

const dash = (t: ModerationT) => (
  <>
    <span aria-hidden="true">—</span>
    <span className="visually-hidden">{t('none')}</span>
  </>
);

function who(entry: AuditEntry, t: ModerationT) {
  if (entry.actor) return `@${entry.actor}`;
  return entry.action === 'auto_hide' ? t('automatic') : t('deletedAccount');
}

/**
 * /moderation/audit for a signed-in user: every moderation action, newest first, as a table (10 rows at a time,
 * "Show more"), for admins; "This page is for admins." for anyone else.
 */
export function AuditLogView({ token }: { token: string }) {
  const role = useRole(token);
  const api = useModerationApi();
  const t = moderationTexts.useT();
  const locale = useLocale();
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

  if (forbidden || (role && role !== 'admin')) return <NotForYou message={t('forAdmins')} />;
  return (
    <>
      <p>
        {t('auditIntro')} <Link to="/moderation">{t('backToQueue')}</Link>
      </p>
      {!list.items.length ? (
        list.error ? null : (
          <p role="status" className="muted">
            {list.loading ? t('loadingLog') : t('nothingLogged')}
          </p>
        )
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="mod-audit-caption" tabIndex={0}>
          <table className="mod-audit">
            <caption id="mod-audit-caption">
              {list.total > 0 ? t('auditCaptionCount', { count: String(list.total) }) : t('titleAudit')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('when')}</th>
                <th scope="col">{t('moderator')}</th>
                <th scope="col">{t('action')}</th>
                <th scope="col">{t('item')}</th>
                <th scope="col">{t('about')}</th>
                <th scope="col">{t('reason')}</th>
                <th scope="col">{t('daysHeader')}</th>
              </tr>
            </thead>
            <tbody ref={rows}>
              {list.items.map((e) => (
                <tr key={e.id}>
                  <td className="mod-audit-when">
                    <time dateTime={e.at}>{formatMoment(e.at, locale)}</time>
                  </td>
                  <td>{who(e, t)}</td>
                  <td>{actionLabel(t, e.action)}</td>
                  <td className="mod-audit-item">
                    {targetName(t, e.target_type)} #{e.target_id}
                  </td>
                  <td>{e.subject ? `@${e.subject}` : dash(t)}</td>
                  <td className="mod-audit-reason">{e.reason}</td>
                  <td>{e.days ?? dash(t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ShowMore list={list} label={t('showMoreEntries')} listRef={rows} />
    </>
  );
}
