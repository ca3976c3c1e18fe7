import { type RefObject, useLayoutEffect, useRef } from 'react';
import type { PagedList } from './use-paged-list.ts';
import { useCommunityTexts } from './texts.ts';

/**
 * "Show more …" under a usePagedList list, with its failure and a retry. When the button goes away (the last
 * page came), focus moves to the first new item of `listRef` (the list element's child; made focusable with
 * tabindex="-1" if it is not), so keyboard users keep their place.
 */
export function ShowMore<T>({
  list,
  label,
  listRef,
}: {
  list: PagedList<T>;
  label: string;
  listRef?: RefObject<HTMLElement | null>;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const { t, k } = useCommunityTexts();
  /** The index of the first item the pressed "Show more" asked for, until its page is committed. */
  const pending = useRef<number | null>(null);

  // Once the page is in the DOM (a layout effect: before the browser moves focus off a removed button).
  useLayoutEffect(() => {
    const first = pending.current;
    if (first === null || list.loading) return;
    pending.current = null;
    if (button.current?.isConnected) return;
    const item = listRef?.current?.children[first] as HTMLElement | undefined;
    if (!item) return;
    // Focusable without becoming a tab stop (a DOM change, in an effect, to an element the list rendered).
    if (item.tabIndex < 0) item.setAttribute('tabindex', '-1');
    item.focus();
  });

  const more = async () => {
    if (list.loading) return;
    pending.current = list.items.length;
    await list.loadMore();
  };

  return (
    <>
      {list.error && (
        <div role="alert" className="alert list-error">
          <p>{k(list.error)}</p>
          <button type="button" className="button button-small" onClick={() => void more()}>
            {t('tryAgain')}
          </button>
        </div>
      )}
      {list.hasMore && !list.error && (
        <p className="show-more">
          <button
            ref={button}
            type="button"
            className="button"
            aria-disabled={list.loading || undefined}
            onClick={() => void more()}
          >
            {list.loading ? t('loading') : label}
          </button>
        </p>
      )}
    </>
  );
}
