import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ModeratedItem, ModerationAction, QueueEntry } from '../../../shared/moderation.ts';
import { ShowMore } from '../community/show-more.tsx';
import { type PagedList, usePagedList } from '../community/use-paged-list.ts';
import { ActionForm } from './action-form.tsx';
import { isForbidden, itemsFrom, useModerationApi } from './moderation-api.ts';
import { ItemBadges, ItemBody, QueueCard } from './queue-card.tsx';
import { moderationTexts } from './texts.ts';

/** An item of a moderation list, keyed by what it is (usePagedList drops a key it already has). */
type Keyed<T> = T & { id: string };
const keyOf = (item: ModeratedItem) => `${item.target_type}-${item.target_id}`;

/**
 * A moderation list over usePagedList where items leave as moderators act on them: "Show more" continues from
 * where the list now ends (itemsFrom), a 403 tells the page (the signed-in user is no moderator), and
 * `remove` drops an item and moves focus to the next item's heading, or to the list's heading after the last.
 */
export function useModerationList<T>(
  getPage: (page: number, size: number) => Promise<{ items: T[]; total: number }>,
  key: (item: T) => string,
  onForbidden: () => void,
  listRef: RefObject<HTMLOListElement | null>,
  headingRef: RefObject<HTMLHeadingElement | null>,
) {
  const loaded = useRef(0);
  const list: PagedList<Keyed<T>> = usePagedList(async (page) => {
    try {
      const { items, total } = await itemsFrom(getPage, page === 0 ? 0 : loaded.current);
      return { items: items.map((item) => ({ ...item, id: key(item) })), total };
    } catch (err) {
      if (isForbidden(err)) onForbidden();
      throw err;
    }
  });
  // How many are shown, for the next "Show more" (read when it is pressed, after this render is committed).
  useLayoutEffect(() => {
    loaded.current = list.items.length;
  });

  // Where focus goes once a removed item has left the DOM.
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const next = listRef.current?.children[at]?.querySelector<HTMLElement>('h3[tabindex]');
    (next ?? headingRef.current)?.focus();
  }, [list.items, listRef, headingRef]);

  const remove = (id: string) => {
    const at = list.items.findIndex((i) => i.id === id);
    if (at < 0) return;
    focusAt.current = at;
    list.setItems((items) => items.filter((i) => i.id !== id));
    list.setTotal((t) => Math.max(0, t - 1));
  };
  return { list, remove };
}

/** The list's state when it shows no items: loading, failed (ShowMore says it), or empty. */
export function ListState<T>({
  list,
  empty,
  loading,
}: {
  list: PagedList<T>;
  empty: string;
  loading: string;
}) {
  if (list.items.length) return null;
  if (list.loading)
    return (
      <p role="status" className="muted">
        {loading}
      </p>
    );
  if (list.error) return null;
  return <p className="empty mod-empty">{empty}</p>;
}

/** The report queue (GET /queue): one card per reported item, automatically hidden ones first. */
export function QueueSection({
  onForbidden,
  onFlagged,
}: {
  onForbidden(): void;
  /** A listing was marked for fixing: the listings below have a new one. */
  onFlagged(): void;
}) {
  const api = useModerationApi();
  const t = moderationTexts.useT();
  const listRef = useRef<HTMLOListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { list, remove } = useModerationList<QueueEntry>(
    api.queue,
    (e) => keyOf(e.item),
    onForbidden,
    listRef,
    heading,
  );

  return (
    <section className="mod-section" aria-labelledby="mod-queue-heading">
      <h2 id="mod-queue-heading" ref={heading} tabIndex={-1}>
        {t('reportsToReview')} {list.total > 0 && <span className="muted">({list.total})</span>}
      </h2>
      <p className="muted small">{t('queueIntro')}</p>
      <ListState list={list} loading={t('loadingQueue')} empty={t('emptyQueue')} />
      <ol className="mod-list" ref={listRef}>
        {list.items.map((entry) => (
          <li key={entry.id}>
            <QueueCard
              entry={entry}
              onDone={(action: ModerationAction) => {
                remove(entry.id);
                if (action === 'flag') onFlagged();
              }}
            />
          </li>
        ))}
      </ol>
      <ShowMore list={list} label={t('showMoreReports')} listRef={listRef} />
    </section>
  );
}

/** Product listings marked inaccurate (GET /listings), each with "Mark fixed". */
export function ListingsSection({
  onForbidden,
  reloadRef,
}: {
  onForbidden(): void;
  /** Set to this list's reload, for the queue to call after marking a listing. */
  reloadRef: RefObject<(() => void) | null>;
}) {
  const api = useModerationApi();
  const t = moderationTexts.useT();
  const listRef = useRef<HTMLOListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { list, remove } = useModerationList<ModeratedItem>(
    api.listings,
    keyOf,
    onForbidden,
    listRef,
    heading,
  );
  const { reload } = list;
  useEffect(() => {
    reloadRef.current = () => void reload();
    return () => {
      reloadRef.current = null;
    };
  }, [reload, reloadRef]);

  return (
    <section className="mod-section" aria-labelledby="mod-listings-heading">
      <h2 id="mod-listings-heading" ref={heading} tabIndex={-1}>
        {t('listingsToFix')} {list.total > 0 && <span className="muted">({list.total})</span>}
      </h2>
      <p className="muted small">{t('listingsIntro')}</p>
      <ListState list={list} loading={t('loadingListings')} empty={t('noListings')} />
      <ol className="mod-list" ref={listRef}>
        {list.items.map((item) => (
          <li key={item.id}>
            <article className="mod-item" aria-labelledby={`mod-listing-${item.id}`}>
              <header className="mod-item-head">
                <h3 id={`mod-listing-${item.id}`} className="mod-item-title" tabIndex={-1}>
                  {item.label}
                </h3>
                <ItemBadges item={item} />
              </header>
              <ItemBody item={item} />
              <ActionForm
                targetType={item.target_type}
                targetId={item.target_id}
                actions={['unflag']}
                reasonLabel={t('whatWasFixed')}
                onDone={() => remove(item.id)}
              />
            </article>
          </li>
        ))}
      </ol>
      <ShowMore list={list} label={t('showMoreListings')} listRef={listRef} />
    </section>
  );
}

/** The page's own links: its three lists, and the audit log for admins. */
export function ModerationNav({ admin }: { admin: boolean }) {
  const t = moderationTexts.useT();
  return (
    <nav className="mod-nav" aria-label={t('titleModeration')}>
      <ul>
        <li>
          <a href="#mod-queue-heading">{t('reportsToReview')}</a>
        </li>
        <li>
          <a href="#mod-appeals-heading">{t('appeals')}</a>
        </li>
        <li>
          <a href="#mod-proofs-heading">{t('proofs')}</a>
        </li>
        <li>
          <a href="#mod-listings-heading">{t('listingsToFix')}</a>
        </li>
        {admin && (
          <li>
            <Link to="/moderation/audit">{t('titleAudit')}</Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
