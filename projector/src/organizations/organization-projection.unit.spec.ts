import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../testing/recorded';
import type { OrganizationDocument } from './organization-document';
import { organizationProjection } from './organization-projection';

const stream = 'organization-o1';
const profile = {
  name: 'Provence Sécurité Routière', address: '42 rue Paradis', city: 'Marseille', postalCode: '13006', email: 'contact@psr.test', phoneNumber: '04 91 23 45 67',
  website: null, description: 'Centre agréé par la préfecture depuis 2009.', descriptionEn: null, prefectApprovalReference: 'R1301300010',
};
const registered = recorded(stream, 0, { type: 'OrganizationRegistered', data: { ...profile, organizationId: 'o1', ownerUserId: 'u1', registeredAt: '2026-11-01T09:00:00.000Z' } });
const verified = recorded(stream, 1, { type: 'OrganizationVerified', data: { organizationId: 'o1', verifiedAt: '2026-11-02T09:00:00.000Z' } });

describe('training centres read model', () => {
  it('holds a registered centre pending verification, then verified', () => {
    expect(fold<OrganizationDocument>(organizationProjection.evolve, [registered])).toMatchObject({ _id: 'o1', isVerified: false, ownerUserId: 'u1', deletedAt: null, createdAt: '2026-11-01T09:00:00.000Z' });
    expect(fold<OrganizationDocument>(organizationProjection.evolve, [registered, verified])).toMatchObject({ isVerified: true, verifiedAt: '2026-11-02T09:00:00.000Z' });
  });

  it('follows its details, its account and its verification being withdrawn', () => {
    const doc = fold<OrganizationDocument>(organizationProjection.evolve, [
      registered, verified,
      recorded(stream, 2, { type: 'OrganizationProfileUpdated', data: { ...profile, organizationId: 'o1', phoneNumber: '04 91 00 00 00' } }),
      recorded(stream, 3, { type: 'OrganizationOwnerChanged', data: { organizationId: 'o1', ownerUserId: 'u2' } }),
      recorded(stream, 4, { type: 'OrganizationUnverified', data: { organizationId: 'o1', unverifiedAt: '2026-11-03T09:00:00.000Z' } }),
    ]);
    expect(doc).toMatchObject({ phoneNumber: '04 91 00 00 00', ownerUserId: 'u2', isVerified: false });
  });

  it('keeps a verified centre’s identity until an administrator approves its change, and shows the change as pending', () => {
    const requested = recorded(stream, 2, {
      type: 'OrganizationIdentityChangeRequested',
      data: { name: 'Provence Route Nouvelle', address: profile.address, city: profile.city, postalCode: profile.postalCode, prefectApprovalReference: 'R1301300099', organizationId: 'o1', requestId: 'r1', requestedAt: '2026-11-03T09:00:00.000Z' },
    });
    const pending = fold<OrganizationDocument>(organizationProjection.evolve, [registered, verified, requested]);
    expect(pending).toMatchObject({
      name: 'Provence Sécurité Routière', prefectApprovalReference: 'R1301300010', isVerified: true,
      pendingIdentityChange: { requestId: 'r1', name: 'Provence Route Nouvelle', prefectApprovalReference: 'R1301300099', requestedAt: '2026-11-03T09:00:00.000Z' },
    });
    const approved = recorded(stream, 3, {
      type: 'OrganizationIdentityChangeApproved',
      data: { name: 'Provence Route Nouvelle', address: profile.address, city: profile.city, postalCode: profile.postalCode, prefectApprovalReference: 'R1301300099', organizationId: 'o1', requestId: 'r1', approvedAt: '2026-11-04T09:00:00.000Z' },
    });
    expect(fold<OrganizationDocument>(organizationProjection.evolve, [registered, verified, requested, approved])).toMatchObject({ name: 'Provence Route Nouvelle', prefectApprovalReference: 'R1301300099', pendingIdentityChange: null });
    const rejected = recorded(stream, 3, { type: 'OrganizationIdentityChangeRejected', data: { organizationId: 'o1', requestId: 'r1', rejectedAt: '2026-11-04T09:00:00.000Z' } });
    expect(fold<OrganizationDocument>(organizationProjection.evolve, [registered, verified, requested, rejected])).toMatchObject({ name: 'Provence Sécurité Routière', pendingIdentityChange: null });
  });

  it('says when its verification was withdrawn, until it is verified again', () => {
    const unverified = recorded(stream, 2, { type: 'OrganizationUnverified', data: { organizationId: 'o1', unverifiedAt: '2026-11-03T09:00:00.000Z' } });
    expect(fold<OrganizationDocument>(organizationProjection.evolve, [registered])).toMatchObject({ verificationWithdrawnAt: null });
    expect(fold<OrganizationDocument>(organizationProjection.evolve, [registered, verified, unverified])).toMatchObject({ isVerified: false, verificationWithdrawnAt: '2026-11-03T09:00:00.000Z' });
    const again = recorded(stream, 3, { type: 'OrganizationVerified', data: { organizationId: 'o1', verifiedAt: '2026-11-05T09:00:00.000Z' } });
    expect(fold<OrganizationDocument>(organizationProjection.evolve, [registered, verified, unverified, again])).toMatchObject({ isVerified: true, verificationWithdrawnAt: null });
  });

  it('keeps a deleted centre, marked, for the history that names it', () => {
    const doc = fold<OrganizationDocument>(organizationProjection.evolve, [registered, verified, recorded(stream, 2, { type: 'OrganizationDeleted', data: { organizationId: 'o1', deletedBy: 'a1', deletedAt: '2026-11-04T09:00:00.000Z' } })]);
    expect(doc).toMatchObject({ name: 'Provence Sécurité Routière', deletedAt: '2026-11-04T09:00:00.000Z', isVerified: false });
  });
});
