/**
 * POST /catalogue/api/v1/imports (issue 19): the editors' screen's bulk import. A multipart form with one file
 * named `file` (.json or .csv, at most IMPORT_MAX_BYTES); `dry_run=true` (the default) answers the plan and
 * changes nothing, `dry_run=false` applies it. Editors and admins only (anonymous 401, anyone else 403, before a
 * byte of the body is read). A refused file is a 422 with every `file:row:field: reason` in `errors`.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../shared/api-types.ts';
import {
  IMPORT_MAX_BYTES,
  IMPORT_TEXTS,
  ImportQuerySchema,
  ImportResponseSchema,
} from '../../../shared/catalogue-import.ts';
import { AppError } from '../../../shared/messages.ts';
import type { Services } from '../../services.ts';
import { signedIn } from '../account/auth.ts';
import { fileKind, type ImportFile, ImportRefused } from './rows.ts';
import { importCatalogueFile } from './service.ts';

const FIELD = 'file';

/** The one `file` of the form, as text; a 400 for anything wrong with the request, a 413 over the limit. */
async function readUpload(req: FastifyRequest): Promise<ImportFile> {
  const missing = () => new AppError('VALIDATION', { field: FIELD }, IMPORT_TEXTS.missing);
  if (!req.isMultipart()) throw missing();
  let file: ImportFile | null = null;
  try {
    for await (const part of req.files()) {
      if (part.fieldname !== FIELD || file) throw missing();
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('IMPORT_TOO_LARGE');
      const name = part.filename.replace(/^.*[/\\]/, '') || 'upload';
      if (!fileKind(name)) throw new AppError('VALIDATION', { field: FIELD }, IMPORT_TEXTS.type);
      file = { name, text: bytes.toString('utf8') };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMPORT_TOO_LARGE');
    throw missing();
  }
  if (!file) throw missing();
  return file;
}

export function importRoutes(app: FastifyInstance, services: Services): void {
  // Multipart bodies are parsed in a scope of their own: no other endpoint accepts them.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/imports',
      {
        config: { auth: 'editor' },
        schema: {
          tags: ['catalogue editing'],
          description:
            'Bulk import: a multipart form with one file named `file` (.json or .csv, one row per variant; ' +
            'docs/api.md, "Bulk import"). Every row is checked first; any problem refuses the whole file: 422 ' +
            'IMPORT_REFUSED with `errors` (`file:row:field: reason`). `dry_run=true` (the default) answers the ' +
            'plan (added, changed field by field, prices, hidden) and changes nothing; `dry_run=false` applies ' +
            'it in one transaction (history lines name the editor). Applying the same file again changes ' +
            'nothing. 413 IMPORT_TOO_LARGE over 2 MB.',
          consumes: ['multipart/form-data'],
          querystring: ImportQuerySchema,
          response: {
            200: ImportResponseSchema,
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
            403: ErrorResponseSchema,
            409: ErrorResponseSchema,
            413: ErrorResponseSchema,
            422: ErrorResponseSchema,
          },
        },
      },
      async (req) => {
        const editor = signedIn(req);
        const dryRun = req.query.dry_run === 'true';
        const file = await readUpload(req);
        try {
          const plan = await importCatalogueFile(services.database.db, file, {
            dryRun,
            actorId: editor.userId,
          });
          if (!dryRun) {
            await Promise.all([services.catalogue.forget(), services.search.forget()]);
          }
          return { success: true as const, applied: !dryRun, plan };
        } catch (err) {
          if (err instanceof ImportRefused) throw new AppError('IMPORT_REFUSED', { errors: err.errors });
          throw err;
        }
      },
    );
  });
}
