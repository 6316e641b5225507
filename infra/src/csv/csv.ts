import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * The platform's CSV dialect, for every export (administrators' lists, a course's participants): UTF-8 with a
 * byte order mark (so that spreadsheet software reads accents right), CRLF line ends, a comma between fields
 * and every field in double quotes (a quote inside is doubled), as RFC 4180 describes. A field that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with
 * an apostrophe: an export never runs anything on the reader's machine.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/**
 * The field separator. A file a French reader opens in a spreadsheet set up for France (whose list separator
 * is the semicolon, the comma being the decimal mark) must use `;`, or every line lands in one column: the
 * participants list and the administrators' exports in French do. `,` (RFC 4180) is the default.
 */
export type CsvDelimiter = ',' | ';';

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  const text = String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvLine(values: readonly CsvValue[], delimiter: CsvDelimiter = ','): string {
  return values.map(csvField).join(delimiter) + CSV_LINE_END;
}

/** A whole file in memory (small lists). */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>, delimiter: CsvDelimiter = ','): string {
  let out = CSV_BOM + csvLine(header, delimiter);
  for (const row of rows) out += csvLine(row, delimiter);
  return out;
}

/**
 * Streams a CSV file as an attachment: the header, then each batch of rows as it comes, so that a long export
 * starts at once and never builds the whole file in memory.
 */
export function sendCsv(reply: FastifyReply, fileName: string, header: readonly string[], batches: AsyncIterable<ReadonlyArray<readonly CsvValue[]>>, delimiter: CsvDelimiter = ',') {
  async function* lines() {
    yield CSV_BOM + csvLine(header, delimiter);
    for await (const batch of batches) {
      if (batch.length > 0) yield batch.map((row) => csvLine(row, delimiter)).join('');
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(lines()));
}

/** Reads a file written in this dialect back into rows (tests, and anyone checking an export). */
export function parseCsv(text: string, delimiter: CsvDelimiter = ','): string[][] {
  const body = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
