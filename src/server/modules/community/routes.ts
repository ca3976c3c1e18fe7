import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { commentRoutes } from './comment-routes.ts';
import { questionRoutes } from './question-routes.ts';
import { reviewRoutes } from './review-routes.ts';
import { productSocialRoutes, userSocialRoutes } from './social-routes.ts';

/** Product content under /platform/api/v1 (spec section 7). */
export function communityPlatformRoutes(app: FastifyInstance, services: Services): void {
  reviewRoutes(app, services);
  commentRoutes(app, services);
  questionRoutes(app, services);
  productSocialRoutes(app, services);
}

/** User content under /user/api/v1. */
export function communityUserRoutes(app: FastifyInstance, services: Services): void {
  userSocialRoutes(app, services);
}
