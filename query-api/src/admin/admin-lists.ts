import type { FastifyReply } from 'fastify';
import type { Lang } from '@recup/infra/http/language';
import type { Collection, Doc, Filter, Sort } from '@recup/infra/read-store/port';
import { isoToParisLocal } from '@recup/infra/time/paris';
import { sendCsv, type CsvDelimiter, type CsvValue } from '../csv/csv';
import { DEFAULT_PAGE_SIZE, type Paged } from '../contracts/admin';

/** What a list call asked for: the page, if any, and the order. */
interface ListRequest {
  page?: number | undefined;
  pageSize?: number | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/**
 * The order of a list: the column asked for (or the default), then `_id` in the same direction, so that pages
 * never share or skip a row between equal values.
 */
export function listSort(field: string, order: 'asc' | 'desc'): Sort {
  const direction = order === 'asc' ? 1 : -1;
  return { [field]: direction, _id: direction };
}

/**
 * The spec's JSON array when the call names no page; one page and the total otherwise. Only the rows of the
 * page are turned into answers (their joins cost a query per page, not per row).
 */
export async function listOrPage<D extends Doc, T>(
  collection: Collection<D>,
  filter: Filter,
  sort: Sort,
  request: ListRequest,
  toRows: (docs: D[]) => Promise<T[]>,
): Promise<T[] | Paged<T>> {
  if (request.page === undefined && request.pageSize === undefined) return toRows(await collection.find(filter, { sort }));
  const page = request.page ?? 0;
  const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
  const [docs, total] = await Promise.all([collection.find(filter, { sort, skip: page * pageSize, limit: pageSize }), collection.countDocuments(filter)]);
  return { items: await toRows(docs), total, page, pageSize };
}

const EXPORT_BATCH = 500;

/**
 * Streams every row matching the filter as CSV, in the list's order: the ids of the matching documents are read
 * in one query, then the documents, their joins and their lines a batch at a time as the file is sent, so that
 * a long export never holds every document at once.
 */
export async function exportList<D extends Doc, T>(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  format: ExportFormat,
  collection: Collection<D>,
  filter: Filter,
  sort: Sort,
  toRows: (docs: D[]) => Promise<T[]>,
  toCsv: (row: T) => readonly CsvValue[],
) {
  const ids = (await collection.find(filter, { sort, projection: { _id: 1 } })).map((doc) => doc._id);
  async function* batches() {
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const batch = ids.slice(start, start + EXPORT_BATCH);
      const found = await byId(collection, batch);
      yield (await toRows(batch.flatMap((id) => found.get(id) ?? []))).map(toCsv);
    }
  }
  return sendCsv(reply, fileName, header, batches(), format.delimiter);
}

/** The ids of the documents matching a filter (a search's first step: no whole document is copied). */
export async function idsOf(collection: Collection<Doc>, filter: Filter): Promise<string[]> {
  return (await collection.find(filter, { projection: { _id: 1 } })).map((doc) => doc._id);
}

/** A search as a case- and accent-insensitive pattern: "lea" finds "Léa", "ÉVA" finds "Eva". */
export function searchPattern(text: string): { $regex: string; $options: string } {
  const classes: Record<string, string> = {
    a: 'aàâäá', c: 'cç', e: 'eéèêë', i: 'iîïí', o: 'oôöó', u: 'uùûüú', y: 'yÿ', n: 'nñ',
  };
  const pattern = [...text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()]
    .map((char) => (classes[char] ? `[${classes[char]}]` : char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  return { $regex: pattern, $options: 'i' };
}

/** The words of a search: each must match one of the fields (a full name in any order finds its person). */
export function everyWordIn(text: string, fields: readonly string[]): Filter {
  const words = text.split(/\s+/).filter(Boolean).slice(0, 5);
  return { $and: words.map((word) => ({ $or: fields.map((field) => ({ [field]: searchPattern(word) })) })) };
}

/** The documents of these ids, by id. */
export async function byId<D extends Doc>(collection: Collection<D>, ids: Iterable<string>): Promise<Map<string, D>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await collection.find({ _id: { $in: unique } })).map((doc) => [doc._id, doc]));
}

/**
 * How an export writes its fields for a spreadsheet of the caller's language. French (the default): fields
 * between semicolons, since the comma is the decimal mark there (`219,00`), and dates as French Excel reads them
 * (`21/11/2026 10:00`), as `participants.csv` does. English: commas, a decimal point (`219.00`) and ISO dates
 * (`2026-11-21 10:00`), which every spreadsheet reads. Instants are in Paris time; money is in euros.
 */
interface ExportFormat {
  lang: Lang;
  delimiter: CsvDelimiter;
  euros(cents: number): string;
  dateTime(iso: string | null | undefined): string;
}

/** The Paris wall-clock time of an instant, piece by piece. */
function parisParts(iso: string) {
  const local = isoToParisLocal(iso);
  return { year: local.slice(0, 4), month: local.slice(5, 7), day: local.slice(8, 10), hour: local.slice(11, 13), minute: local.slice(14, 16) };
}

const EXPORT_FORMATS: Record<Lang, ExportFormat> = {
  fr: {
    lang: 'fr',
    delimiter: ';',
    euros: (cents) => (cents / 100).toFixed(2).replace('.', ','),
    dateTime: (iso) => {
      if (!iso) return '';
      const t = parisParts(iso);
      return `${t.day}/${t.month}/${t.year} ${t.hour}:${t.minute}`;
    },
  },
  en: {
    lang: 'en',
    delimiter: ',',
    euros: (cents) => (cents / 100).toFixed(2),
    dateTime: (iso) => {
      if (!iso) return '';
      const t = parisParts(iso);
      return `${t.year}-${t.month}-${t.day} ${t.hour}:${t.minute}`;
    },
  },
};

export function exportFormat(lang: Lang): ExportFormat {
  return EXPORT_FORMATS[lang];
}
