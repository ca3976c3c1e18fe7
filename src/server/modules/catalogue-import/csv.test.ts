import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv.ts';

describe('parseCsv (RFC 4180)', () => {
  it('reads fields, records on LF or CRLF, and the line each record starts on', () => {
    expect(parseCsv('a,b,c\r\n1,,3\n\n4,5,6')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', '', '3'] },
      { line: 4, fields: ['4', '5', '6'] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks; skips a byte order mark', () => {
    const records = parseCsv('\uFEFFname,note\n"Acme, Inc.","say ""hi""\nagain"\nlast,""\n');
    expect(records).toEqual([
      { line: 1, fields: ['name', 'note'] },
      { line: 2, fields: ['Acme, Inc.', 'say "hi"\nagain'] },
      { line: 4, fields: ['last', ''] },
    ]);
  });

  it('keeps a quote inside an unquoted field (a JSON cell)', () => {
    expect(parseCsv('a,{"v":6.7}')[0]!.fields).toEqual(['a', '{"v":6.7}']);
    expect(parseCsv('a,"{""v"":6.7,""q"":3}"')[0]!.fields).toEqual(['a', '{"v":6.7,"q":3}']);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open')).toThrow(CsvError);
    expect(() => parseCsv('a\n"x"y')).toThrow('Text after a closing quote');
    try {
      parseCsv('a\nb\n"open\n');
    } catch (err) {
      expect((err as CsvError).line).toBe(3);
    }
  });
});
