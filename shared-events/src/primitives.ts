import { z } from 'zod';
import { DEPARTMENT_CODES, DEPARTMENT_NAMES } from './departments';

export { DEPARTMENT_NAMES };

export const Role = z.enum(['USER', 'ORGANIZATION', 'ADMIN']);
export type Role = z.infer<typeof Role>;

export const Language = z.enum(['FR', 'EN']);
export type Language = z.infer<typeof Language>;

export const Department = z.enum(DEPARTMENT_CODES);
export type Department = z.infer<typeof Department>;

/** Money is integer euro cents end to end. */
export const Cents = z.number().int().nonnegative();

export const IsoDateTime = z.iso.datetime({ offset: true });

export const Id = z.string().min(1);

/** A day of the calendar that exists, as YYYY-MM-DD: 2026-13-45 and 2026-02-30 are refused. */
export const IsoDay = z.iso.date();

/**
 * What no text we accept may hold: control characters but tab and line breaks (NUL, escape, DEL, C1), and
 * unpaired UTF-16 surrogates (`\ud800` in JSON), which are no character at all and break every encoder
 * after us (PDF invoices, e-mails, MongoDB).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !CONTROL.test(text) && !LONE_SURROGATE.test(text);
}

/**
 * The first text in `value` (a parsed request: body, query, params), key or value at any depth, that is not
 * safe, with where it is. The validation of every route runs it before the route's own schema. Iterative: a
 * body nested 100,000 deep is walked like any other.
 */
export function findUnsafeText(value: unknown): { path: PropertyKey[] } | null {
  interface Step { value: unknown; key?: PropertyKey; parent?: Step }
  const pathOf = (step: Step | undefined, last?: PropertyKey) => {
    const path: PropertyKey[] = last === undefined ? [] : [last];
    for (let at = step; at?.parent; at = at.parent) path.push(at.key!);
    return { path: path.reverse() };
  };
  const pending: Step[] = [{ value }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    const current = step.value;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return pathOf(step);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) pending.push({ value: current[i], key: i, parent: step });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (const [key] of entries) if (!isSafeText(key)) return pathOf(step, key.replace(/[^\x20-\x7e]/g, '?'));
      for (let i = entries.length - 1; i >= 0; i -= 1) pending.push({ value: entries[i]![1], key: entries[i]![0], parent: step });
    }
  }
  return null;
}
