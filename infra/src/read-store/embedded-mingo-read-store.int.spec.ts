import { Query } from 'mingo';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from './port';
import { EmbeddedMingoReadStore } from './embedded-mingo-read-store';
import { readStoreContract } from '../testing/read-store.contract';

readStoreContract('embedded mingo', async () => {
  const store = new EmbeddedMingoReadStore();
  return { store, dispose: () => store.close() };
});

describe('embedded mingo: a page of a large collection', () => {
  // Many ties, stored in and against the order asked for: the page must be the same as mingo's full sort.
  const docs = Array.from({ length: 2_000 }, (_, i) => ({
    _id: `d${String(i).padStart(4, '0')}`,
    day: `2026-01-${String(1 + Math.floor(i / 100)).padStart(2, '0')}`,
    amount: (i * 7919) % 13,
    label: i % 17 === 0 ? null : `l${i % 5}`,
  }));
  const store = new EmbeddedMingoReadStore();
  const collection = store.collection('pages');
  beforeAll(async () => {
    for (const doc of docs) await collection.replaceOne({ _id: doc._id }, doc, { upsert: true });
  });

  const sorts: Array<Record<string, 1 | -1>> = [{ day: -1 }, { day: 1 }, { amount: 1, day: -1 }, { label: -1 }, { label: 1, amount: -1 }];
  it.each(sorts)('gives the page mingo gives when sorting everything by %o', async (sort) => {
    for (const [skip, limit] of [[0, 25], [40, 20], [300, 100]] as const) {
      const expected = new Query({}, {}).find<Doc>(docs).sort(sort).skip(skip).limit(limit).all().map((d) => d._id);
      expect((await collection.find({}, { sort, skip, limit })).map((d) => d._id)).toEqual(expected);
    }
  });

  it('pages documents whose sort key is not a plain value as mingo does', async () => {
    const mixed = store.collection('mixed');
    const values = [[3, 1], { a: 1 }, 2, 'x', null, [0]];
    for (const [i, value] of values.entries()) await mixed.replaceOne({ _id: `m${i}` }, { _id: `m${i}`, value }, { upsert: true });
    const expected = new Query({}, {}).find<Doc>(values.map((value, i) => ({ _id: `m${i}`, value }))).sort({ value: 1 }).all().map((d) => d._id);
    expect((await mixed.find({}, { sort: { value: 1 } })).map((d) => d._id)).toEqual(expected);
  });
});
