import type { ReadStore } from '@recup/infra/read-store/port';
import { ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@recup/projector/organizations/organization-document';

/** The names of the centres behind a list of courses, in one query. */
export async function organizationNames(readStore: ReadStore, ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const docs = await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).find({ _id: { $in: unique } });
  return new Map(docs.map((doc) => [doc._id, doc.name]));
}

export function organizationOf(names: Map<string, string>, id: string): { id: string; name: string } {
  return { id, name: names.get(id) ?? '' };
}
