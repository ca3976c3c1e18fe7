/**
 * A small RFC 4180 reader (no CSV package is installed): fields separated by commas, records by CRLF or LF,
 * a field in double quotes may hold commas, line breaks and doubled quotes (""). A UTF-8 byte order mark is
 * skipped; a quote inside an unquoted field is kept as it is (`{"v":6.7}` needs no quoting). Each record says the line it starts on, so errors can name it as a person counts.
 */
export interface CsvRecord {
  /** The line (from 1) the record starts on. */
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let i = 0;
  let quoted = false;
  let afterQuote = false;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
    fields = [];
    field = '';
    afterQuote = false;
  };
  while (i < src.length) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"' && field === '' && !afterQuote) {
      quoted = true;
    } else if (c === '"' && afterQuote) {
      throw new CsvError(line, 'Text after a closing quote: put the whole field in quotes.');
    } else if (c === ',') {
      fields.push(field);
      field = '';
      afterQuote = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      if (afterQuote) throw new CsvError(line, 'Text after a closing quote: put the whole field in quotes.');
      field += c;
    }
    i++;
  }
  if (quoted) throw new CsvError(start, 'A quoted field is not closed (a " is missing).');
  if (field !== '' || fields.length || afterQuote) endRecord();
  return records;
}
