/** A review's own page (its permalink). */
export const reviewHref = (productId: number, reviewId: number) => `/product/${productId}/review/${reviewId}`;
