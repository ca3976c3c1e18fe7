/**
 * A bulk import file's rows (issue 19, decision 0016): JSON (an array of row objects, rows counted from 1) or CSV
 * (a header row of column names, then one row per variant, counted as lines from 1 with the header as row 1).
 * Every row is checked before anything is written; any problem refuses the whole file with lines
 * `file:row:field: reason`.
 */
import {
  ATTRIBUTE_COLUMNS,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_TEXTS,
  type ImportRow,
  ImportRowSchema,
} from '../../../shared/catalogue-import.ts';
import { CONTROL_CHARACTERS } from '../../../shared/fields.ts';
import { CsvError, parseCsv } from './csv.ts';

/** A row as checked, with the number a person finds it under. */
export type NumberedRow = ImportRow & { row: number };

/** The file is refused: every problem found, as `file:row:field: reason`. */
export class ImportRefused extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('\n'));
  }
}

export interface ImportFile {
  /** The file's name as the errors show it. */
  name: string;
  text: string;
}

export const fileKind = (name: string): 'json' | 'csv' | null =>
  /\.json$/i.test(name) ? 'json' : /\.csv$/i.test(name) ? 'csv' : null;

const COLUMNS = new Set<string>(IMPORT_COLUMNS);
const ATTRIBUTES = new Set(ATTRIBUTE_COLUMNS);
const NUMERIC = new Set(['ram_gb', 'storage_gb', 'price']);
const NUMBER = /^-?\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A CSV attribute cell: a JSON object (`{"v":5000,"u":"mAh"}`, the editors' AttributeInput) for a unit or
 * quantity; else a number, yes/no (true/false), a day (YYYY-MM-DD), a list ("a | b | c") or text.
 */
export function csvAttribute(cell: string): unknown {
  if (cell.startsWith('{')) {
    try {
      return JSON.parse(cell) as unknown;
    } catch {
      return undefined;
    }
  }
  if (NUMBER.test(cell)) return { v: Number(cell) };
  const lower = cell.toLowerCase();
  if (lower === 'yes' || lower === 'true') return { v: true };
  if (lower === 'no' || lower === 'false') return { v: false };
  if (DAY.test(cell)) return { v: cell, t: 'date' };
  if (cell.includes('|'))
    return {
      v: cell
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean),
    };
  return { v: cell };
}

type Cells = Record<string, unknown>;
interface RawRow {
  row: number;
  cells: Cells;
}

function readJson(file: ImportFile, errors: string[]): RawRow[] {
  let data: unknown;
  try {
    data = JSON.parse(file.text);
  } catch (err) {
    errors.push(`${file.name}:0:file: Not readable JSON (${(err as Error).message}).`);
    return [];
  }
  if (!Array.isArray(data)) {
    errors.push(`${file.name}:0:file: The file must be a JSON array of rows.`);
    return [];
  }
  const out: RawRow[] = [];
  data.forEach((item: unknown, i) => {
    const row = i + 1;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      errors.push(`${file.name}:${row}:row: A row must be an object of columns.`);
      return;
    }
    const cells: Cells = {};
    for (const [k, v] of Object.entries(item)) {
      if (!COLUMNS.has(k)) errors.push(`${file.name}:${row}:${k}: ${IMPORT_TEXTS.unknownColumn}`);
      else if (v !== null && v !== '') cells[k] = v;
    }
    out.push({ row, cells });
  });
  return out;
}

function readCsv(file: ImportFile, errors: string[]): RawRow[] {
  let records;
  try {
    records = parseCsv(file.text);
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    errors.push(`${file.name}:${err.line}:file: ${err.message}`);
    return [];
  }
  const [head, ...body] = records;
  if (!head) return [];
  const header = head.fields.map((h) => h.trim());
  const seen = new Set<string>();
  for (const h of header) {
    if (!COLUMNS.has(h)) errors.push(`${file.name}:1:${h || '(empty)'}: ${IMPORT_TEXTS.unknownColumn}`);
    else if (seen.has(h)) errors.push(`${file.name}:1:${h}: This column is named twice.`);
    seen.add(h);
  }
  for (const need of ['category', 'brand', 'model'])
    if (!seen.has(need)) errors.push(`${file.name}:1:${need}: This column is required.`);
  if (errors.length) return [];
  return body.map(({ line, fields }) => {
    if (fields.length !== header.length)
      errors.push(
        `${file.name}:${line}:row: It has ${fields.length} cells; the header has ${header.length}.`,
      );
    const cells: Cells = {};
    header.forEach((h, i) => {
      const cell = (fields[i] ?? '').trim();
      if (cell === '') return;
      if (ATTRIBUTES.has(h)) {
        const value = csvAttribute(cell);
        if (value === undefined) errors.push(`${file.name}:${line}:${h}: ${IMPORT_TEXTS.attributeJson}`);
        else cells[h] = value;
      } else cells[h] = NUMERIC.has(h) && NUMBER.test(cell) ? Number(cell) : cell;
    });
    return { row: line, cells };
  });
}

const hasNul = (v: unknown): boolean =>
  typeof v === 'string'
    ? v.includes('\u0000')
    : v !== null && typeof v === 'object' && Object.values(v).some(hasNul);

function checkRow(file: string, { row, cells }: RawRow, errors: string[]): NumberedRow | null {
  const attributes: Cells = {};
  const rest: Cells = {};
  for (const [k, v] of Object.entries(cells)) {
    if (ATTRIBUTES.has(k)) attributes[k] = v;
    else rest[k] = v;
  }
  // PostgreSQL text cannot hold U+0000: refused here, under its cell, rather than by the database.
  const nul = Object.entries(cells).filter(([, v]) => hasNul(v));
  for (const [k] of nul) errors.push(`${file}:${row}:${k}: ${CONTROL_CHARACTERS}`);
  if (nul.length) return null;
  const parsed = ImportRowSchema.safeParse({ ...rest, attributes });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, second] = issue.path;
      const field = first === 'attributes' && typeof second === 'string' ? second : String(first ?? 'row');
      errors.push(`${file}:${row}:${field}: ${issue.message}`);
    }
    return null;
  }
  const r = parsed.data;
  const priced = [r.price, r.price_source, r.price_observed_on].filter((v) => v !== undefined).length;
  if (priced && priced < 3) {
    for (const f of ['price', 'price_source', 'price_observed_on'] as const)
      if (r[f] === undefined) errors.push(`${file}:${row}:${f}: ${IMPORT_TEXTS.priceTogether}`);
    return null;
  }
  if (r.category === 'C001') {
    for (const f of ['attribute_10', 'attribute_11'])
      if (r.attributes[f]) errors.push(`${file}:${row}:${f}: ${IMPORT_TEXTS.sizeAttribute}`);
  }
  return { ...r, row };
}

/** The variant a row names, as the uniqueness rules compare it (case-insensitively). */
export const variantKey = (r: Pick<ImportRow, 'category' | 'brand' | 'model' | 'variant'>) =>
  [r.category, r.brand, r.model, r.variant ?? ''].map((s) => s.toLowerCase()).join('\u0000');

/** The errors in the order of their rows (a stable sort: a row's own errors keep their order). */
function byRow(name: string, errors: string[]): string[] {
  const rowOf = (e: string) => Number(e.slice(name.length + 1).split(':', 1)[0]);
  return [...errors].sort((a, b) => rowOf(a) - rowOf(b));
}

/** Every row of the file, checked; throws ImportRefused with every problem found. */
export function readImportFile(file: ImportFile): NumberedRow[] {
  const errors: string[] = [];
  const kind = fileKind(file.name);
  if (!kind) throw new ImportRefused([`${file.name}:0:file: ${IMPORT_TEXTS.type}`]);
  const raw = kind === 'json' ? readJson(file, errors) : readCsv(file, errors);
  if (!errors.length && !raw.length) errors.push(`${file.name}:0:file: ${IMPORT_TEXTS.empty}`);
  if (raw.length > IMPORT_MAX_ROWS) errors.push(`${file.name}:0:file: ${IMPORT_TEXTS.tooManyRows}`);
  if (errors.length && !raw.length) throw new ImportRefused(errors);
  const rows: NumberedRow[] = [];
  const firstOf = new Map<string, number>();
  for (const r of raw) {
    const checked = checkRow(file.name, r, errors);
    if (!checked) continue;
    const key = variantKey(checked);
    const first = firstOf.get(key);
    if (first !== undefined) errors.push(`${file.name}:${r.row}:variant: ${IMPORT_TEXTS.duplicate(first)}`);
    else firstOf.set(key, r.row);
    rows.push(checked);
  }
  if (errors.length) throw new ImportRefused(byRow(file.name, errors));
  return rows;
}
