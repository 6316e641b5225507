import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateKeyError, type Doc, type ReadStore } from '../read-store/port';

interface ReadStoreContractSubject {
  store: ReadStore;
  dispose(): Promise<void>;
}

interface CourseDoc extends Doc {
  city: string;
  department: string;
  price: number;
  startDate: string;
  tags?: string[];
  spots?: { left: number; total: number };
}

const courses: CourseDoc[] = [
  { _id: 'c1', city: 'Toulon', department: '83', price: 22_000, startDate: '2027-03-01T08:00:00.000Z', tags: ['weekend'], spots: { left: 3, total: 20 } },
  { _id: 'c2', city: 'Marseille', department: '13', price: 19_900, startDate: '2027-01-15T08:00:00.000Z', spots: { left: 0, total: 15 } },
  { _id: 'c3', city: 'Aix-en-Provence', department: '13', price: 25_000, startDate: '2027-02-10T08:00:00.000Z', tags: ['weekend', 'evening'] },
  { _id: 'c4', city: 'Nice', department: '06', price: 23_500, startDate: '2027-01-20T08:00:00.000Z' },
  { _id: 'c5', city: 'Gap', department: '05', price: 21_000, startDate: '2027-04-05T08:00:00.000Z' },
];

/** Every adapter of the read store port passes this suite, each test in a collection of its own. */
export function readStoreContract(name: string, open: () => Promise<ReadStoreContractSubject>, options: { skip?: string } = {}) {
  const suite = options.skip ? describe.skip : describe;
  if (options.skip) console.info(`[contract] ${name} skipped: ${options.skip}`);

  suite(`read store contract: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`, () => {
    let subject: ReadStoreContractSubject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject.dispose();
    });

    async function seeded(withIndex = false) {
      const collection = subject.store.collection<CourseDoc>(`contract_${randomUUID().replaceAll('-', '')}`);
      if (withIndex) await collection.createIndex({ department: 1 });
      for (const doc of courses) await collection.replaceOne({ _id: doc._id }, doc, { upsert: true });
      return collection;
    }

    describe('queries', () => {
      it('filters with comparison, set and logical operators', async () => {
        const c = await seeded();
        const ids = async (filter: Record<string, unknown>) => (await c.find(filter, { sort: { _id: 1 } })).map((d) => d._id);
        expect(await ids({ department: '13' })).toEqual(['c2', 'c3']);
        expect(await ids({ price: { $lte: 22_000 } })).toEqual(['c1', 'c2', 'c5']);
        expect(await ids({ department: { $in: ['06', '05'] } })).toEqual(['c4', 'c5']);
        expect(await ids({ $or: [{ city: 'Nice' }, { price: { $gt: 24_000 } }] })).toEqual(['c3', 'c4']);
        expect(await ids({ startDate: { $gte: '2027-02-01T00:00:00.000Z' }, department: { $ne: '05' } })).toEqual(['c1', 'c3']);
        expect(await ids({ city: { $regex: '^aix', $options: 'i' } })).toEqual(['c3']);
        expect(await ids({ tags: 'weekend' })).toEqual(['c1', 'c3']);
        expect(await ids({ 'spots.left': 0 })).toEqual(['c2']);
        expect(await ids({ tags: { $exists: false } })).toEqual(['c2', 'c4', 'c5']);
      });

      it('gives the same answers through an index', async () => {
        const c = await seeded(true);
        expect((await c.find({ department: '13' }, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['c2', 'c3']);
        expect((await c.find({ department: { $in: ['83', '05'] } }, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['c1', 'c5']);
        await c.updateOne({ _id: 'c2' }, { $set: { department: '84' } });
        expect((await c.find({ department: '13' })).map((d) => d._id)).toEqual(['c3']);
        expect((await c.find({ department: '84' })).map((d) => d._id)).toEqual(['c2']);
        await c.deleteOne({ _id: 'c3' });
        expect(await c.find({ department: '13' })).toEqual([]);
      });

      it('sorts, skips and limits', async () => {
        const c = await seeded();
        const page = await c.find({}, { sort: { startDate: 1 }, skip: 1, limit: 2 });
        expect(page.map((d) => d._id)).toEqual(['c4', 'c3']);
        const byDeptThenPrice = await c.find({}, { sort: { department: -1, price: 1 } });
        expect(byDeptThenPrice.map((d) => d._id)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
      });

      it('sorts missing and null values first, then numbers, then text, ties by the next key', async () => {
        const c = subject.store.collection<Doc>(`contract_${randomUUID().replaceAll('-', '')}`);
        const docs = [{ _id: 'a', rank: 'b' }, { _id: 'b', rank: 2 }, { _id: 'c' }, { _id: 'd', rank: null }, { _id: 'e', rank: 'a' }, { _id: 'f', rank: 10 }, { _id: 'g', rank: 2 }];
        for (const doc of docs) await c.replaceOne({ _id: doc._id }, doc as Doc, { upsert: true });
        expect((await c.find({}, { sort: { rank: 1, _id: 1 } })).map((d) => d._id)).toEqual(['c', 'd', 'b', 'g', 'f', 'e', 'a']);
        expect((await c.find({}, { sort: { rank: -1, _id: -1 } })).map((d) => d._id)).toEqual(['a', 'e', 'f', 'g', 'b', 'd', 'c']);
        expect((await c.find({ rank: { $type: 'number' } }, { sort: { rank: -1, _id: 1 }, skip: 1, limit: 2 })).map((d) => d._id)).toEqual(['b', 'g']);
      });

      it('narrows by a list of ids and by several indexes at once, with the rest of the filter', async () => {
        const c = await seeded(true);
        await c.createIndex({ city: 1 });
        const ids = async (filter: Record<string, unknown>) => (await c.find(filter, { sort: { _id: 1 } })).map((d) => d._id);
        expect(await ids({ _id: { $in: ['c1', 'c3', 'c4', 'nope'] } })).toEqual(['c1', 'c3', 'c4']);
        expect(await ids({ _id: { $in: ['c1', 'c3', 'c4'] }, department: '13' })).toEqual(['c3']);
        expect(await ids({ department: { $in: ['13', '83'] }, city: { $in: ['Marseille', 'Toulon', 'Nice'] } })).toEqual(['c1', 'c2']);
        expect(await ids({ department: { $in: ['13', '83'] }, city: { $in: ['Marseille', 'Toulon'] }, price: { $gt: 20_000 } })).toEqual(['c1']);
        expect(await c.countDocuments({ department: '13', city: 'Nice' })).toBe(0);
        expect(await c.countDocuments({ _id: { $in: ['c2', 'c3'] }, tags: 'weekend' })).toBe(1);
      });

      it('gives only the fields a projection asks for, and the id', async () => {
        const c = await seeded();
        expect(await c.find({ department: '13' }, { sort: { _id: 1 }, projection: { city: 1 } })).toEqual([{ _id: 'c2', city: 'Marseille' }, { _id: 'c3', city: 'Aix-en-Provence' }]);
        expect(await c.find({}, { sort: { price: -1 }, limit: 1, projection: { _id: 1 } })).toEqual([{ _id: 'c3' }]);
        expect(await c.find({ _id: 'c4' }, { projection: { tags: 1 } })).toEqual([{ _id: 'c4' }]);
      });

      it('finds one document, or null, and counts', async () => {
        const c = await seeded();
        expect(await c.findOne({ _id: 'c4' })).toMatchObject({ city: 'Nice' });
        expect(await c.findOne({ _id: 'nope' })).toBeNull();
        expect(await c.countDocuments()).toBe(5);
        expect(await c.countDocuments({ department: '13' })).toBe(2);
      });

      it('hands out copies: changing a returned document changes nothing stored', async () => {
        const c = await seeded();
        const doc = (await c.findOne({ _id: 'c1' }))!;
        doc.city = 'Changed';
        doc.spots!.left = 99;
        expect(await c.findOne({ _id: 'c1' })).toMatchObject({ city: 'Toulon', spots: { left: 3 } });
      });

      it('keeps a document handed over as it was given, and still hands out copies of it', async () => {
        const c = await seeded();
        const given = { ...(await c.findOne({ _id: 'c1' }))!, city: 'Hyères' };
        await c.replaceOne({ _id: 'c1' }, given, { upsert: true, handOver: true });
        await c.replaceOne({ _id: 'c9' }, { ...given, _id: 'c9' }, { upsert: true, handOver: true });
        const read = (await c.findOne({ _id: 'c1' }))!;
        expect(read).toMatchObject({ city: 'Hyères', spots: { left: 3 } });
        read.spots!.left = 99;
        expect(await c.findOne({ _id: 'c1' })).toMatchObject({ spots: { left: 3 } });
        expect((await c.find({ city: 'Hyères' })).map((d) => d._id).sort()).toEqual(['c1', 'c9']);
      });
      it('finds the same document shared as copied, inside a unit too, and a later write does not change one shared before', async () => {
        const c = await seeded();
        const shared = await c.findOne({ _id: 'c1' }, { shared: true });
        expect(shared).toEqual(await c.findOne({ _id: 'c1' }));
        expect(await c.findOne({ _id: 'nope' }, { shared: true })).toBeNull();
        await subject.store.unitOfWork(async (unit) => {
          expect(await unit.collection(c.name).findOne({ _id: 'c1' }, { shared: true })).toEqual(shared);
          await unit.collection(c.name).replaceOne({ _id: 'c1' }, { ...shared!, city: 'Hyères' }, { handOver: true });
        });
        // Stored documents are replaced, never changed in place: what was shared stays as it was read.
        expect(shared).toMatchObject({ city: 'Toulon' });
        expect(await c.findOne({ _id: 'c1' }, { shared: true })).toMatchObject({ city: 'Hyères' });
      });
    });

    describe('updates', () => {
      it('applies $set, $inc, $unset and $push to one document', async () => {
        const c = await seeded();
        const result = await c.updateOne({ _id: 'c1' }, { $set: { city: 'La Seyne-sur-Mer' }, $inc: { 'spots.left': -1 }, $unset: { tags: '' } });
        expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
        await c.updateOne({ _id: 'c5' }, { $push: { tags: 'new' } });
        expect(await c.findOne({ _id: 'c1' })).toEqual({ _id: 'c1', city: 'La Seyne-sur-Mer', department: '83', price: 22_000, startDate: '2027-03-01T08:00:00.000Z', spots: { left: 2, total: 20 } });
        expect((await c.findOne({ _id: 'c5' }))!.tags).toEqual(['new']);
      });

      it('reports no match and changes nothing without upsert', async () => {
        const c = await seeded();
        expect(await c.updateOne({ _id: 'none' }, { $set: { city: 'X' } })).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedId: null });
        expect(await c.countDocuments()).toBe(5);
      });

      it('upserts a document from the equality fields of the filter', async () => {
        const c = await seeded();
        const result = await c.updateOne({ _id: 'c9' }, { $set: { city: 'Digne-les-Bains', department: '04' } }, { upsert: true });
        expect(result.upsertedId).toBe('c9');
        expect(await c.findOne({ _id: 'c9' })).toEqual({ _id: 'c9', city: 'Digne-les-Bains', department: '04' });
      });

      it('replaces a whole document, inserting it with upsert', async () => {
        const c = await seeded();
        await c.replaceOne({ _id: 'c2' }, { _id: 'c2', city: 'Marseille', department: '13', price: 1, startDate: 'x' });
        expect(await c.findOne({ _id: 'c2' })).toEqual({ _id: 'c2', city: 'Marseille', department: '13', price: 1, startDate: 'x' });
        const missing = await c.replaceOne({ _id: 'c7' }, { _id: 'c7', city: 'Hyères', department: '83', price: 2, startDate: 'y' });
        expect(missing.matchedCount).toBe(0);
        expect(await c.findOne({ _id: 'c7' })).toBeNull();
      });

      it('updates many documents and deletes by filter', async () => {
        const c = await seeded();
        const updated = await c.updateMany({ department: '13' }, { $inc: { price: 100 } });
        expect(updated).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
        expect((await c.find({ department: '13' }, { sort: { _id: 1 } })).map((d) => d.price)).toEqual([20_000, 25_100]);
        expect(await c.deleteMany({ price: { $gt: 23_000 } })).toEqual({ deletedCount: 2 });
        expect(await c.countDocuments()).toBe(3);
      });

      it('writes many documents by id in one call: replaced, inserted, deleted, and found through an index after', async () => {
        const c = await seeded(true);
        const arles: CourseDoc = { _id: 'c6', city: 'Arles', department: '13', price: 1, startDate: 'a', spots: { left: 2, total: 2 } };
        await c.writeMany([
          { replace: { _id: 'c1', city: 'Toulon', department: '13', price: 5, startDate: 'b' } },
          { replace: arles },
          { delete: 'c2' },
          { delete: 'nobody' },
        ]);
        arles.spots!.left = 0; // given without handOver: what is stored is a copy
        expect(await c.findOne({ _id: 'c1' })).toEqual({ _id: 'c1', city: 'Toulon', department: '13', price: 5, startDate: 'b' });
        expect(await c.findOne({ _id: 'c6' })).toEqual({ ...arles, spots: { left: 2, total: 2 } });
        expect(await c.findOne({ _id: 'c2' })).toBeNull();
        expect((await c.find({ department: '13' }, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['c1', 'c3', 'c6']);
        expect(await c.countDocuments()).toBe(5);
        await c.writeMany([]);
        expect(await c.countDocuments()).toBe(5);
      });

      it('refuses a duplicate key in a bulk write, and a unit that made it keeps none of its writes', async () => {
        const c = await seeded();
        await c.createIndex({ city: 1 }, { unique: true });
        await expect(c.writeMany([{ replace: { _id: 'c9', city: 'Nice', department: '06', price: 1, startDate: 'a' } }])).rejects.toBeInstanceOf(DuplicateKeyError);
        const failing = subject.store.unitOfWork(async (unit) => {
          await unit.collection<CourseDoc>(c.name).writeMany([{ delete: 'c1' }, { replace: { _id: 'c2', city: 'Marseille', department: '13', price: 7, startDate: 'b' } }]);
          await unit.collection<CourseDoc>(c.name).writeMany([{ replace: { _id: 'c3', city: 'Gap', department: '05', price: 1, startDate: 'c' } }]);
        });
        await expect(failing).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await c.findOne({ _id: 'c1' })).toMatchObject({ city: 'Toulon' });
        expect(await c.findOne({ _id: 'c2' })).toMatchObject({ price: 19_900 });
        expect(await c.findOne({ _id: 'c3' })).toMatchObject({ city: 'Aix-en-Provence' });
        expect(await c.countDocuments({ city: 'Nice' })).toBe(1);
      });

      it('enforces a unique index', async () => {
        const c = await seeded();
        await c.createIndex({ city: 1 }, { unique: true });
        await expect(c.replaceOne({ _id: 'c8' }, { _id: 'c8', city: 'Toulon', department: '83', price: 1, startDate: 'z' }, { upsert: true })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(c.updateOne({ _id: 'c2' }, { $set: { city: 'Nice' } })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await c.countDocuments({ city: 'Toulon' })).toBe(1);
        expect(await c.findOne({ _id: 'c2' })).toMatchObject({ city: 'Marseille' });
      });
    });

    describe('units of work', () => {
      it('keeps every write of a unit, and its reads see its own writes', async () => {
        const c = await seeded(true);
        const checkpoints = subject.store.collection(`${c.name}_checkpoints`);
        const seen = await subject.store.unitOfWork(async (unit) => {
          const courses = unit.collection<CourseDoc>(c.name);
          await courses.updateOne({ _id: 'c2' }, { $set: { department: '84' } });
          await courses.replaceOne({ _id: 'c6' }, { _id: 'c6', city: 'Arles', department: '13', price: 1, startDate: 'a' }, { upsert: true });
          await unit.collection(checkpoints.name).replaceOne({ _id: 'courses' }, { _id: 'courses', position: 42 }, { upsert: true });
          return (await courses.find({ department: '13' }, { sort: { _id: 1 } })).map((d) => d._id);
        });
        expect(seen).toEqual(['c3', 'c6']);
        expect((await c.find({ department: '13' }, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['c3', 'c6']);
        expect(await checkpoints.findOne({ _id: 'courses' })).toEqual({ _id: 'courses', position: 42 });
      });

      it('keeps none of the writes of a unit that fails, in any collection', async () => {
        const c = await seeded(true);
        const checkpoints = subject.store.collection(`${c.name}_checkpoints`);
        await checkpoints.replaceOne({ _id: 'courses' }, { _id: 'courses', position: 1 }, { upsert: true });
        const failing = subject.store.unitOfWork(async (unit) => {
          const courses = unit.collection<CourseDoc>(c.name);
          await courses.updateOne({ _id: 'c2' }, { $set: { department: '84' }, $inc: { price: 1 } });
          await courses.updateOne({ _id: 'c2' }, { $inc: { price: 1 } });
          await courses.deleteOne({ _id: 'c4' });
          await courses.replaceOne({ _id: 'c6' }, { _id: 'c6', city: 'Arles', department: '13', price: 1, startDate: 'a' }, { upsert: true });
          await unit.collection(checkpoints.name).replaceOne({ _id: 'courses' }, { _id: 'courses', position: 2 }, { upsert: true });
          throw new Error('projection failed');
        });
        await expect(failing).rejects.toThrow('projection failed');
        expect(await c.findOne({ _id: 'c2' })).toMatchObject({ department: '13', price: 19_900 });
        expect(await c.findOne({ _id: 'c4' })).toMatchObject({ city: 'Nice' });
        expect(await c.findOne({ _id: 'c6' })).toBeNull();
        expect((await c.find({ department: '13' }, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['c2', 'c3']);
        expect(await c.find({ department: '84' })).toEqual([]);
        expect(await checkpoints.findOne({ _id: 'courses' })).toEqual({ _id: 'courses', position: 1 });
      });

      it('refuses a duplicate key inside a unit and keeps none of its writes', async () => {
        const c = await seeded();
        await c.createIndex({ city: 1 }, { unique: true });
        const failing = subject.store.unitOfWork(async (unit) => {
          const courses = unit.collection<CourseDoc>(c.name);
          await courses.updateOne({ _id: 'c1' }, { $set: { price: 1 } });
          await courses.updateOne({ _id: 'c2' }, { $set: { city: 'Nice' } });
        });
        await expect(failing).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await c.findOne({ _id: 'c1' })).toMatchObject({ price: 22_000 });
        expect(await c.countDocuments({ city: 'Nice' })).toBe(1);
      });
    });

    describe('collections', () => {
      it('renames a collection over another, as a rebuild swaps it in', async () => {
        const live = await seeded();
        const fresh = subject.store.collection<CourseDoc>(`${live.name}_rebuild`);
        await fresh.replaceOne({ _id: 'only' }, { _id: 'only', city: 'Briançon', department: '05', price: 1, startDate: 'a' }, { upsert: true });
        await subject.store.renameCollection(fresh.name, live.name);
        const swapped = subject.store.collection<CourseDoc>(live.name);
        expect((await swapped.find()).map((d) => d._id)).toEqual(['only']);
        expect(await subject.store.listCollections()).not.toContain(`${live.name}_rebuild`);
      });
    });
  });
}
