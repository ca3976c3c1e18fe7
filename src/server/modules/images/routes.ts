import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/sql.ts';
import { AppError } from '../../../shared/messages.ts';
import { brandSvg, productSvg } from './svg.ts';

const Id = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

export function imageRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/images/products/:id.svg', { schema: { hide: true, params: Id } }, async (req, reply) => {
    const [p] = await rows<{ categoryId: string; brand: string; model: string }>(
      db,
      sql`SELECT p.category_id AS "categoryId", b.name AS brand, p.model
        FROM product_variants v JOIN products p ON p.id = v.product_id JOIN brands b ON b.id = p.brand_id
        WHERE v.id = ${req.params.id}`,
    );
    if (!p) throw new AppError('NOT_FOUND');
    return reply.type('image/svg+xml').header('cache-control', CACHE).send(productSvg(p));
  });

  r.get('/images/brands/:id.svg', { schema: { hide: true, params: Id } }, async (req, reply) => {
    const [b] = await rows<{ name: string }>(db, sql`SELECT name FROM brands WHERE id = ${req.params.id}`);
    if (!b) throw new AppError('NOT_FOUND');
    return reply.type('image/svg+xml').header('cache-control', CACHE).send(brandSvg(b.name));
  });
}
