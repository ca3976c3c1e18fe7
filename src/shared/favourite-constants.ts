/**
 * Favourites' constants and texts (issue 23), apart from their schemas (favourites.ts): the layout's save
 * controls need these, and must not bring zod into every page's first load.
 */
export const FAVOURITES_PATH = '/user/favourites';
/** The most products one member can save; the next save is refused with FAVOURITES_FULL. */
export const MAX_FAVOURITES = 500;
export const FAVOURITES_PAGE_SIZE = 6;

export const FAVOURITE_TEXTS = {
  signInToSave: 'Please sign in to save products.',
  saved: (name: string) => `${name} saved to your favourites.`,
  removed: (name: string) => `${name} removed from your favourites.`,
  full: `You can save up to ${MAX_FAVOURITES} products. Remove one from My account to save another.`,
} as const;
