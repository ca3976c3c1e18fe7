import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { budgetPath, BUDGETS } from '../shared/discovery.ts';

export default [
  index('routes/landing.tsx', { id: 'landing' }),
  route('about', 'routes/landing.tsx', { id: 'about' }),
  route('home', 'routes/home.tsx'),
  route('browse', 'routes/browse.tsx'),
  // `/product/{id}` (the spec's) and its readable address `/product/{id}/{slug}` (issue 24), the canonical one:
  // one route, so a variant link from either updates the page in place.
  route('product/:id/:slug?', 'routes/product.tsx'),
  route('product/:id/review/:rid', 'routes/review.tsx'),
  route('profile/:username', 'routes/profile.tsx'),
  route('search', 'routes/search.tsx'),
  route('search/:query', 'routes/search-results.tsx'),
  route('compare', 'routes/compare.tsx'),
  // Pages made to be found (issue 24): versus pages, brands, and the best phones under a budget.
  route('compare/:pair', 'routes/versus.tsx'),
  route('brand/:slug', 'routes/brand.tsx'),
  ...BUDGETS.map((limit) =>
    route(budgetPath(limit).slice(1), 'routes/budget.tsx', { id: `budget-${limit}` }),
  ),
  route('product-recommendation', 'routes/product-recommendation.tsx'),
  route('most-viewed-products', 'routes/trend-list.tsx', { id: 'most-viewed' }),
  route('most-reviewed-products', 'routes/trend-list.tsx', { id: 'most-reviewed' }),
  route('most-upvoted-products', 'routes/trend-list.tsx', { id: 'most-upvoted' }),
  // Accounts.
  route('sign-in', 'routes/sign-in.tsx'),
  route('email-verification', 'routes/email-verification.tsx'),
  route('initiate-forgot-password', 'routes/initiate-forgot-password.tsx'),
  route('create-new-password/:token', 'routes/create-new-password.tsx'),
  route('user-profile', 'routes/user-profile.tsx'),
  route('my-account', 'routes/my-account.tsx'),
  route('notifications', 'routes/notifications.tsx'),
  route('unsubscribe', 'routes/unsubscribe.tsx'),
  route('delete-my-account', 'routes/delete-my-account.tsx'),
  route('homepage/:token', 'routes/homepage.tsx'),
  // Articles, help, legal and company pages (issue 7).
  route('articles', 'routes/articles.tsx'),
  route('articles/:slugId', 'routes/article.tsx'),
  route('help-center', 'routes/help-center.tsx'),
  route('transparency', 'routes/transparency.tsx'),
  route('help-center/:slug', 'routes/help-page.tsx'),
  ...['corporate', 'terms-of-service', 'privacy-policy', 'community-guidelines', 'how-reviews-work'].map(
    (path) => route(path, 'routes/info-page.tsx', { id: `info-${path}` }),
  ),
  route('user-campaign', 'routes/user-campaign.tsx'),
  // The ReviewPass and payments (issue 8).
  route('review-pass', 'routes/review-pass.tsx'),
  route('shop/checkout/:orderId', 'routes/shop-checkout.tsx'),
  route('shop/session/:sessionId', 'routes/shop-session.tsx'),
  // Moderation (issue 9).
  route('moderation', 'routes/moderation.tsx'),
  route('moderation/audit', 'routes/moderation-audit.tsx'),
  // The catalogue editors' screens (issue 19).
  route('catalogue', 'routes/catalogue.tsx'),
  route('catalogue/new', 'routes/catalogue-new.tsx'),
  route('catalogue/models/:id', 'routes/catalogue-model.tsx'),
  route('catalogue/history', 'routes/catalogue-history.tsx'),
  route('catalogue/import', 'routes/catalogue-import.tsx'),
  route('catalogue/corrections', 'routes/catalogue-corrections.tsx'),
  route('internal-server-error', 'routes/internal-server-error.tsx'),
  route('page-not-found', 'routes/page-not-found.tsx'),
  route('*', 'routes/page-not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;
