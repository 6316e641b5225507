import type { ReadStore } from '@recup/infra/read-store/port';
import { ORGANIZATIONS_COLLECTION, SELLING_ORGANIZATIONS, type OrganizationDocument } from '@recup/projector/organizations/organization-document';

/** The names of the centres behind a list of courses, in one query. */
export async function organizationNames(readStore: ReadStore, ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const docs = await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).find({ _id: { $in: unique } });
  return new Map(docs.map((doc) => [doc._id, doc.name]));
}

/** The centre as a course shows it: its name and its prefectoral approval number. */
interface CourseOrganization {
  id: string;
  name: string;
  prefectApprovalReference: string | null;
}

/** The centres behind a list of courses, as the courses show them, in one query. */
export async function courseOrganizations(readStore: ReadStore, ids: Iterable<string>): Promise<Map<string, CourseOrganization>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const docs = await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).find({ _id: { $in: unique } });
  return new Map(docs.map((doc) => [doc._id, { id: doc._id, name: doc.name, prefectApprovalReference: doc.prefectApprovalReference || null }]));
}

export function organizationOf(organizations: Map<string, CourseOrganization>, id: string): CourseOrganization {
  return organizations.get(id) ?? { id, name: '', prefectApprovalReference: null };
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
