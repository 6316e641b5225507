import type { ReadStore } from '@recup/infra/read-store/port';
import { ORGANIZATIONS_COLLECTION, SELLING_ORGANIZATIONS, type OrganizationDocument } from '@recup/projector/organizations/organization-document';

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

/**
 * The centres whose courses are public: verified, not deleted. A centre whose verification is withdrawn
 * leaves the search, the course pages and the sitemap with all its courses, and comes back when verified again.
 */
export async function sellingOrganizationIds(readStore: ReadStore): Promise<string[]> {
  const docs = await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).find(SELLING_ORGANIZATIONS, { projection: { _id: 1 } });
  return docs.map((doc) => doc._id);
}

/** Whether a centre's courses are public. */
export async function isSelling(readStore: ReadStore, organizationId: string): Promise<boolean> {
  return (await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ _id: organizationId, ...SELLING_ORGANIZATIONS })) !== null;
}
