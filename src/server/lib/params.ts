import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../shared/constants.ts';

/** A positive 32-bit id from a path or query string, with a message saying what it should be. */
export const idOf = (what: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .positive(`must be ${what}`)
    .max(2_147_483_647, `must be ${what}`);

/** `/:id` path parameters. */
export const IdParams = z.object({ id: idOf('an id') });

/** `?page&size` with the list's own default size (spec section 9); pages count from 0. */
export const Paging = (defaultSize: number) =>
  z.object({
    page: z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(100_000).default(0),
    size: z.coerce
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
      .default(defaultSize),
  });
