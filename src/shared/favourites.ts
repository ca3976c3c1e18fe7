/**
 * Favourites (issue 23): a signed-in member saves products and finds them in My account with their current
 * price and rating. Saved per model, as reviews and upvotes are; a variant's id saves its model.
 */
import { z } from './zod.ts';
import { ProductCardsPageSchema } from './api-types.ts';
export * from './favourite-constants.ts';

/** POST and DELETE /user/favourites/{productId}: the product's state for the member, and how many they keep. */
export const FavouriteResultSchema = z.object({
  success: z.literal(true),
  product_id: z.number().int(),
  saved: z.boolean(),
  total: z.number().int(),
});
export type FavouriteResult = z.infer<typeof FavouriteResultSchema>;

/** GET /user/favourites: a page of product cards, the latest saved first. */
export const FavouritesPageSchema = ProductCardsPageSchema;
export type FavouritesPage = z.infer<typeof FavouritesPageSchema>;

/**
 * GET /user/favourites/ids: every id that names a saved product (its model's and its variants'), so each save
 * control on a page knows its state.
 */
export const FavouriteIdsSchema = z.object({ success: z.literal(true), ids: z.array(z.number().int()) });
export type FavouriteIds = z.infer<typeof FavouriteIdsSchema>;
