import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every TypeScript file under src/ (the web app's too), as paths relative to the project. */
function sources(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('rows()', () => {
  it('is the one place that reads the rows of a raw query', () => {
    // db.execute() answers `{ rows }` on both drivers but is typed per driver: only src/db/sql.ts casts it.
    const copies = sources().filter(
      (file) =>
        !file.startsWith(join('src', 'db', 'sql.')) &&
        /as unknown as \{\s*rows\b|as unknown as Rows</.test(readFileSync(file, 'utf8')),
    );
    expect(copies).toEqual([]);
  });
});
