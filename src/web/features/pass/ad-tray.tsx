import type { HouseAd } from '../../../shared/payments.ts';

/**
 * One house ad (issue 8), labelled as an ad, with the way to remove ads beside it. Its box keeps the same
 * height whatever the ad says (app.css, .ad-tray), so nothing below it moves.
 */
export function AdTray({ ad }: { ad: HouseAd }) {
  const outside = !ad.link_url.startsWith('/');
  return (
    <aside className="ad-tray" aria-label="Advertisement">
      <p className="ad-label">Ad · {ad.sponsor}</p>
      <a className="ad-body" href={ad.link_url} rel={outside ? 'sponsored noopener' : undefined}>
        <img src={ad.image_url} alt="" width={96} height={72} loading="lazy" />
        <span>
          <strong>{ad.title}</strong> {ad.body}
        </span>
      </a>
      <a className="ad-remove" href="/review-pass">
        Remove ads
      </a>
    </aside>
  );
}
