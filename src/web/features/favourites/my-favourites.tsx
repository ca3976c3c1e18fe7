import { useRef } from 'react';
import { USER_API } from '../../../shared/constants.ts';
import { FAVOURITES_PAGE_SIZE, FAVOURITES_PATH } from '../../../shared/favourite-constants.ts';
import type { FavouritesPage } from '../../../shared/favourites.ts';
import { ProductGrid } from '../../components/product-card.tsx';
import { useCommunityApi } from '../community/community-api.ts';
import { ShowMore } from '../community/show-more.tsx';
import { usePagedList } from '../community/use-paged-list.ts';
import { favouritesTexts } from './texts.ts';

/**
 * The member's saved products (GET /user/favourites), the latest saved first, as cards with today's price and
 * rating. A card's Save button takes it out; it stays listed, unpressed, until the next visit, so it can be
 * saved again and focus stays where it was.
 */
export function MyFavourites() {
  const api = useCommunityApi();
  const listRef = useRef<HTMLUListElement>(null);
  const t = favouritesTexts.useT();
  const list = usePagedList(async (page) => {
    const r = await api.get<FavouritesPage>(
      `${USER_API}${FAVOURITES_PATH}?page=${page}&size=${FAVOURITES_PAGE_SIZE}`,
    );
    return { items: r.products, total: r.total };
  });
  return (
    <section className="account-card" aria-labelledby="my-favourites" id="favourites">
      <h2 id="my-favourites">
        {t('heading')} {list.total > 0 && <span className="muted">({list.total})</span>}
      </h2>
      {!list.loading && !list.error && list.total === 0 && <p className="empty">{t('empty')}</p>}
      {list.items.length > 0 && <ProductGrid ref={listRef} products={list.items} headingLevel={3} />}
      <ShowMore list={list} label={t('showMore')} listRef={listRef} />
    </section>
  );
}
