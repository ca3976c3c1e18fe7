import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { loadContent } from '../server/modules/content/bundle.ts';
import { adminUrl, type TemplateInfo, withAdmin } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    template: TemplateInfo;
  }
}

/** Builds the template database once per run; see database.ts. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `verdict_tpl_${process.pid}`;
    await withAdmin(url, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${name}`);
    });
    const database = await createDatabase({ url: adminUrl(url, name), poolSize: 2 });
    await prepareDatabase(database, { seedDemo: true, articles: loadContent().articles });
    await database.close();
    project.provide('template', { kind: 'postgres', ref: name, url });
    return async () => {
      await withAdmin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'verdict-test-'));
  const database = await createDatabase({});
  await prepareDatabase(database, { seedDemo: true, articles: loadContent().articles });
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('template', { kind: 'pglite', ref: file });
  return () => rmSync(dir, { recursive: true, force: true });
}
