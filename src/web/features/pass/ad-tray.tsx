import { localizePath } from '../../../shared/locale.ts';
import type { HouseAd } from '../../../shared/payments.ts';
import { hindiLookups } from '../../i18n/books.ts';
import { useLocale } from '../../i18n/i18n.tsx';
import { passTexts } from './texts.ts';

/**
 * One house ad (issue 8), labelled as an ad, with the way to remove ads beside it. Its box keeps the same
 * height whatever the ad says (app.css, .ad-tray), so nothing below it moves.
 */
export function AdTray({ ad }: { ad: HouseAd }) {
  const outside = !ad.link_url.startsWith('/');
  const t = passTexts.useT();
  const locale = useLocale();
  // The site's own ads in Hindi on Hindi pages (house-ads-hindi.ts); any other as its sponsor wrote it.
  const { title, body } = (locale === 'en' ? undefined : hindiLookups.houseAd?.(ad)) ?? ad;
  return (
    <aside className="ad-tray" aria-label={t('advertisement')}>
      <p className="ad-label">{t('ad', { sponsor: ad.sponsor })}</p>
      <a
        className="ad-body"
        href={outside ? ad.link_url : localizePath(ad.link_url, locale)}
        rel={outside ? 'sponsored noopener' : undefined}
      >
        <img src={ad.image_url} alt="" width={96} height={72} loading="lazy" />
        <span>
          <strong>{title}</strong> {body}
        </span>
      </a>
      <a className="ad-remove" href={localizePath('/review-pass', locale)}>
        {t('removeAds')}
      </a>
    </aside>
  );
}
