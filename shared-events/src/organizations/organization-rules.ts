/**
 * The rules of a training centre's details (spec 001 §5): the centre's own profile form, and the
 * administrator's create and edit forms, which require the prefect's approval reference but not the
 * descriptions. Pure: the command side enforces them, the web checks its forms with them.
 */
import type { OrganizationIdentity, OrganizationProfile } from '../events/organization-events';

export interface OrganizationInput {
  name?: string | null;
  address?: string | null;
  city?: string | null;
  postalCode?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  website?: string | null;
  description?: string | null;
  descriptionEn?: string | null;
  prefectApprovalReference?: string | null;
}

export type OrganizationField = keyof OrganizationInput;

export type OrganizationIssue =
  | { code: 'ORGANIZATION_FIELD_REQUIRED'; field: OrganizationField }
  | { code: 'ORGANIZATION_FIELD_TOO_SHORT'; field: OrganizationField; min: number }
  | { code: 'POSTAL_CODE_INVALID'; field: 'postalCode' }
  | { code: 'EMAIL_INVALID'; field: 'email' }
  | { code: 'WEBSITE_INVALID'; field: 'website' }
  | { code: 'PREFECT_APPROVAL_REQUIRED'; field: 'prefectApprovalReference' };

/** `centre`: the centre's own profile form; `admin`: an administrator creating or editing a centre. */
export type OrganizationForm = 'centre' | 'admin';

/** Minimum lengths of the centre's own profile form. */
export const ORGANIZATION_MIN_LENGTHS = { name: 2, address: 5, city: 2, phoneNumber: 10, description: 20, descriptionEn: 20 } as const;

const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export type OrganizationCheck = { ok: true; profile: OrganizationProfile } | { ok: false; issues: OrganizationIssue[] };

export function checkOrganization(input: OrganizationInput, form: OrganizationForm): OrganizationCheck {
  const issues: OrganizationIssue[] = [];
  const values = Object.fromEntries(
    (['name', 'address', 'city', 'postalCode', 'email', 'phoneNumber', 'website', 'description', 'descriptionEn', 'prefectApprovalReference'] as const).map((f) => [f, text(input[f])]),
  ) as Record<OrganizationField, string>;

  const lengthRule = (field: keyof typeof ORGANIZATION_MIN_LENGTHS) => {
    const value = values[field];
    if (form === 'admin' && (field === 'description' || field === 'descriptionEn')) return;
    if (!value) issues.push({ code: 'ORGANIZATION_FIELD_REQUIRED', field });
    else if (form === 'centre' && value.length < ORGANIZATION_MIN_LENGTHS[field]) issues.push({ code: 'ORGANIZATION_FIELD_TOO_SHORT', field, min: ORGANIZATION_MIN_LENGTHS[field] });
  };
  lengthRule('name');
  lengthRule('address');
  lengthRule('city');
  if (!values.postalCode) issues.push({ code: 'ORGANIZATION_FIELD_REQUIRED', field: 'postalCode' });
  else if (!/^\d{5}$/.test(values.postalCode)) issues.push({ code: 'POSTAL_CODE_INVALID', field: 'postalCode' });
  if (!values.email) issues.push({ code: 'ORGANIZATION_FIELD_REQUIRED', field: 'email' });
  else if (!EMAIL.test(values.email)) issues.push({ code: 'EMAIL_INVALID', field: 'email' });
  lengthRule('phoneNumber');
  if (values.website && !isWebUrl(values.website)) issues.push({ code: 'WEBSITE_INVALID', field: 'website' });
  lengthRule('description');
  lengthRule('descriptionEn');
  if (form === 'admin' && !values.prefectApprovalReference) issues.push({ code: 'PREFECT_APPROVAL_REQUIRED', field: 'prefectApprovalReference' });

  if (issues.length > 0) return { ok: false, issues };
  const orNull = (value: string) => value || null;
  return {
    ok: true,
    profile: {
      name: values.name,
      address: values.address,
      city: values.city,
      postalCode: values.postalCode,
      email: values.email,
      phoneNumber: values.phoneNumber,
      website: orNull(values.website),
      description: orNull(values.description),
      descriptionEn: orNull(values.descriptionEn),
      prefectApprovalReference: orNull(values.prefectApprovalReference),
    },
  };
}

/**
 * The fields that identify a centre (on its courses, on invoices): a verified centre's change of any of them
 * waits for an administrator's approval; its other details apply at once.
 */
export const ORGANIZATION_IDENTITY_FIELDS = ['name', 'address', 'city', 'postalCode', 'prefectApprovalReference'] as const satisfies readonly (keyof OrganizationIdentity)[];

export function identityOf(profile: OrganizationIdentity): OrganizationIdentity {
  return { name: profile.name, address: profile.address, city: profile.city, postalCode: profile.postalCode, prefectApprovalReference: profile.prefectApprovalReference };
}

export function sameIdentity(a: OrganizationIdentity, b: OrganizationIdentity): boolean {
  return ORGANIZATION_IDENTITY_FIELDS.every((field) => a[field] === b[field]);
}
