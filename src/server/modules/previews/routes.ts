/**
 * GET /previews/…png: the link-preview pictures of the pages (issue 24), hidden from the API's document like
 * the other images. A name that is malformed or names nothing the page would show answers 404 NOT_FOUND.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/messages.ts';
import { COMPARE_PREVIEW_MAX } from '../../../shared/preview-path.ts';
import { USERNAME_PATTERN } from '../../../shared/session-user.ts';
import type { Services } from '../../services.ts';
import { type Preview, PreviewService } from './service.ts';

/**
 * An hour: a crawler that comes back within it is answered 304 (the ETag) or from its own copy; after it, a
 * changed page's picture shows. Shared caches may keep it as long.
 */
const CACHE = 'public, max-age=3600';
const ID = /^([1-9]\d{0,9})\.png$/;
const IDS = new RegExp(`^([1-9]\\d{0,9}(?:-[1-9]\\d{0,9}){1,${COMPARE_PREVIEW_MAX - 1}})\\.png$`);
const USERNAME_FILE = /^(.+)\.png$/;

type File = { Params: { file: string } };

/** The id of a name `{id}.png`, or null. */
const idOf = (file: string): number | null => {
  const m = ID.exec(file);
  return m ? Number(m[1]) : null;
};

async function send(req: FastifyRequest, reply: FastifyReply, preview: Preview | null) {
  if (!preview) throw new AppError('NOT_FOUND');
  const etag = `"${preview.hash}"`;
  reply.header('cache-control', CACHE).header('etag', etag).header('x-content-type-options', 'nosniff');
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
    return reply.status(304).send();
  const png = await preview.png();
  return reply.type('image/png').header('content-length', png.length).send(png);
}

export function previewRoutes(app: FastifyInstance, services: Services): PreviewService {
  const previews = new PreviewService(services.database.db, services.avatars);
  const hide = { schema: { hide: true } };

  app.get('/previews/site.png', hide, (req, reply) => send(req, reply, previews.site()));

  app.get<File>('/previews/product/:file', hide, async (req, reply) => {
    const id = idOf(req.params.file);
    return send(req, reply, id === null ? null : await previews.product(id));
  });

  app.get<File>('/previews/review/:file', hide, async (req, reply) => {
    const id = idOf(req.params.file);
    return send(req, reply, id === null ? null : await previews.review(id));
  });

  app.get<File>('/previews/brand/:file', hide, async (req, reply) => {
    const id = idOf(req.params.file);
    return send(req, reply, id === null ? null : await previews.brand(id));
  });

  app.get<File>('/previews/profile/:file', hide, async (req, reply) => {
    const username = USERNAME_FILE.exec(req.params.file)?.[1];
    const ok = username !== undefined && USERNAME_PATTERN.test(username);
    return send(req, reply, ok ? await previews.profile(username) : null);
  });

  app.get<File>('/previews/compare/:file', hide, async (req, reply) => {
    const m = IDS.exec(req.params.file);
    const ids = m ? m[1]!.split('-').map(Number) : [];
    // The same id twice is one product: no comparison.
    const ok = ids.length >= 2 && new Set(ids).size === ids.length;
    return send(req, reply, ok ? await previews.compare(ids) : null);
  });

  return previews;
}
