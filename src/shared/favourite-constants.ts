/**
 * Favourites' constants and texts (issue 23), apart from their schemas (favourites.ts): the layout's save
 * controls need these, and must not bring zod into every page's first load.
 */
export const FAVOURITES_PATH = '/user/favourites';
/** The most products one member can save; the next save is refused with FAVOURITES_FULL. */
export const MAX_FAVOURITES = 500;
export const FAVOURITES_PAGE_SIZE = 6;

/** The server's message for a full list; the buttons' own texts are the web's message catalogues (issue 25). */
export const FAVOURITE_TEXTS = {
  full: `You can save up to ${MAX_FAVOURITES} products. Remove one from My account to save another.`,
} as const;
