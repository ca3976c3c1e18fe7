import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, 'locales');
const read = (locale: string, file: string) =>
  JSON.parse(readFileSync(join(dir, locale, file), 'utf8')) as Record<string, string>;
const files = (locale: string) =>
  readdirSync(join(dir, locale))
    .filter((f) => f.endsWith('.json'))
    .sort();

/** The placeholders of a message ({name}, {count, plural, …}), nested ones included, from its compiled form. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (parts: unknown[]): void => {
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      found.add(String(part[0]));
      const branches = part[2];
      if (branches && typeof branches === 'object') {
        for (const branch of Object.values(branches as Record<string, unknown>))
          if (Array.isArray(branch)) walk(branch);
      }
    }
  };
  walk(compileMessage(message) as unknown[]);
  return [...found].sort();
}

/**
 * Texts that read the same in Hindi: names (ReviewPass, an operating system) and marks, or only placeholders,
 * with no English word of their own.
 */
const NAMES = /^(?:ReviewPass|Verdict|Android|iOS|[^a-z]*)$/;
const sameInHindi = (message: string) => NAMES.test(message.replace(/\{\w+\}/g, ''));

describe('the message catalogues', () => {
  it('have a Hindi file for every English one, and no other', () => {
    expect(files('hi')).toEqual(files('en'));
  });

  it.each(files('en'))(
    '%s: Hindi has every English key, with the same placeholders, and nothing else',
    (file) => {
      const en = read('en', file);
      const hi = read('hi', file);
      expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) {
        expect([key, placeholders(hi[key]!)]).toEqual([key, placeholders(en[key]!)]);
      }
    },
  );

  it.each(files('hi'))('%s: every Hindi message is translated', (file) => {
    const en = read('en', file);
    for (const [key, message] of Object.entries(read('hi', file))) {
      const untranslated = message === en[key] && !sameInHindi(message);
      expect(untranslated ? `${key}: ${message}` : key).toBe(key);
      if (!sameInHindi(message)) expect([key, /[\u0900-\u097f]/.test(message)]).toEqual([key, true]);
    }
  });

  it('are each used by the code, by their namespace', () => {
    const web = join(import.meta.dirname, '..');
    const code = readdirSync(web, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => readFileSync(join(web, f), 'utf8'))
      .join('\n');
    for (const file of files('en')) {
      const namespace = file.replace(/\.json$/, '');
      // By messages(namespace, …), or (a lookup of the Hindi chunk) by its ids: `namespace.key`.
      const used = code.includes(`messages('${namespace}'`) || code.includes(`\`${namespace}.`);
      expect([namespace, used]).toEqual([namespace, true]);
    }
  });
});
