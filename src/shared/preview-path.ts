/**
 * The addresses of the link-preview pictures (issue 24), for a page's og:image: drawn by the server from the
 * page's data, 1200 × 630 PNG (decision 0039).
 */

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** The site's own picture: the landing and home pages, and any page without one of its own. */
export const SITE_PREVIEW = '/previews/site.png';

/** A product page's picture: its model's (any of the model's ids draws the same one). */
export const productPreview = (id: number): string => `/previews/product/${id}.png`;

/** A review page's picture. */
export const reviewPreview = (reviewId: number): string => `/previews/review/${reviewId}.png`;

/** A public profile's picture. */
export const profilePreview = (username: string): string =>
  `/previews/profile/${encodeURIComponent(username)}.png`;

/** A brand's picture (brands.id). */
export const brandPreview = (brandId: number): string => `/previews/brand/${brandId}.png`;

/**
 * Two or three products side by side (a comparison, a versus page), by product ids in any order: the address
 * lists them in ascending order, so one comparison has one address (the server draws any order the same).
 */
export const comparePreview = (ids: readonly number[]): string =>
  `/previews/compare/${[...ids].sort((a, b) => a - b).join('-')}.png`;

/** The most products a comparison shows; fewer than two is no comparison (use SITE_PREVIEW). */
export const COMPARE_PREVIEW_MAX = 3;
