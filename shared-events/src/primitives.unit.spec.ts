import { describe, expect, it } from 'vitest';
import { findUnsafeText, IsoDay, isSafeText } from './primitives';

describe('text we accept', () => {
  it('is any well-formed text with no control character but tab and line breaks', () => {
    for (const text of ['', 'Léa Müller-Ødegård', '日本語', '🚗💨', 'l1\nl2\r\n\tindent', '\u00a0\u2028']) expect(isSafeText(text), JSON.stringify(text)).toBe(true);
    for (const text of ['a\u0000', '\u0001', '\u001b[31m', '\u007f', '\u0085', 'x\ud800', '\udc00y', '\ud83d']) expect(isSafeText(text), JSON.stringify(text)).toBe(false);
  });

  it('is found wherever it is not, in values and keys, at any depth', () => {
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: ['fine', 'n\u0000'] }] })).toEqual({ path: ['a', 1, 'c', 1] });
    expect(findUnsafeText({ a: { 'b\u0000c': 1 } })).toEqual({ path: ['a', 'b?c'] });
    expect(findUnsafeText({ a: 1, b: null, c: true, d: ['ok'] })).toBeNull();
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnsafeText(deep)?.path).toHaveLength(100_000);
  });
});

describe('a day', () => {
  it('exists in the calendar', () => {
    for (const day of ['2026-12-31', '2028-02-29']) expect(IsoDay.safeParse(day).success, day).toBe(true);
    for (const day of ['2026-13-45', '2026-02-29', '2026-04-31', '2026-1-1', '2026-12-01T10:00:00Z', '']) expect(IsoDay.safeParse(day).success, day).toBe(false);
  });
});
