import { describe, expect, it } from 'vitest';
import { checkOrganization, type OrganizationInput } from './organization-rules';

const centre: OrganizationInput = {
  name: 'Provence Sécurité Routière', address: '42 rue Paradis', city: 'Marseille', postalCode: '13006', email: 'contact@psr.test',
  phoneNumber: '04 91 23 45 67', website: '', description: 'Centre agréé par la préfecture depuis 2009.', descriptionEn: 'Approved by the prefecture since 2009.',
  prefectApprovalReference: '',
};
const codes = (input: Partial<OrganizationInput>, form: 'centre' | 'admin' = 'centre') => {
  const result = checkOrganization({ ...centre, ...input }, form);
  return result.ok ? [] : result.issues.map((i) => `${i.code}:${i.field}`);
};

describe('a training centre’s details', () => {
  it('accepts a complete profile, blank optional fields as null', () => {
    const result = checkOrganization(centre, 'centre');
    expect(result).toEqual({ ok: true, profile: expect.objectContaining({ website: null, prefectApprovalReference: null, name: 'Provence Sécurité Routière' }) });
  });

  it('wants the minimum lengths of the centre’s own form (spec 001 §5)', () => {
    expect(codes({ name: 'P', address: 'rue', city: 'M', phoneNumber: '0491', description: 'Trop court', descriptionEn: 'Too short' })).toEqual([
      'ORGANIZATION_FIELD_TOO_SHORT:name', 'ORGANIZATION_FIELD_TOO_SHORT:address', 'ORGANIZATION_FIELD_TOO_SHORT:city',
      'ORGANIZATION_FIELD_TOO_SHORT:phoneNumber', 'ORGANIZATION_FIELD_TOO_SHORT:description', 'ORGANIZATION_FIELD_TOO_SHORT:descriptionEn',
    ]);
  });

  it('wants a valid e-mail address, a 5-digit postal code and, if any, a web address', () => {
    expect(codes({ email: 'contact@psr', postalCode: '1300', website: 'psr.test' })).toEqual(['POSTAL_CODE_INVALID:postalCode', 'EMAIL_INVALID:email', 'WEBSITE_INVALID:website']);
    expect(codes({ website: 'https://psr.test' })).toEqual([]);
  });

  it('leaves the prefect’s reference optional to the centre, and requires it of an administrator', () => {
    expect(codes({ prefectApprovalReference: '' })).toEqual([]);
    expect(codes({ prefectApprovalReference: '' }, 'admin')).toEqual(['PREFECT_APPROVAL_REQUIRED:prefectApprovalReference']);
  });

  it('lets an administrator leave the descriptions out, but not the contact details', () => {
    expect(codes({ description: '', descriptionEn: '', prefectApprovalReference: 'R1301300010' }, 'admin')).toEqual([]);
    expect(codes({ phoneNumber: '', prefectApprovalReference: 'R1301300010' }, 'admin')).toEqual(['ORGANIZATION_FIELD_REQUIRED:phoneNumber']);
  });
});
