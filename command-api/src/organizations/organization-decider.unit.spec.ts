import { describe, it } from 'vitest';
import type { OrganizationEvent, OrganizationManagerEvent } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { OrganizationNotVerified } from '../courses/course-errors';
import { organizationDecider } from './organization-decider';
import {
  IdentityChangeNotPending, OrganizationAlreadyExists, OrganizationFieldTooShort, OrganizationManagerTaken, OrganizationNotFound, PrefectApprovalRequired,
} from './organization-errors';
import { organizationManagerDecider } from './organization-manager';

const spec = specFor(organizationDecider);
const now = new Date('2026-11-21T09:00:00.000Z');
const profile = {
  name: 'Provence Sécurité Routière', address: '42 rue Paradis', city: 'Marseille', postalCode: '13006', email: 'contact@psr.test', phoneNumber: '04 91 23 45 67',
  website: null, description: 'Centre agréé par la préfecture depuis 2009.', descriptionEn: 'Approved by the prefecture since 2009.', prefectApprovalReference: null,
};
const registered: OrganizationEvent = { type: 'OrganizationRegistered', data: { ...profile, organizationId: 'o1', ownerUserId: 'u1', registeredAt: now.toISOString() } };
const verified: OrganizationEvent = { type: 'OrganizationVerified', data: { organizationId: 'o1', verifiedAt: now.toISOString() } };
const deleted: OrganizationEvent = { type: 'OrganizationDeleted', data: { organizationId: 'o1', deletedBy: 'a1', deletedAt: now.toISOString() } };
const addCourses = (...courseIds: string[]) => ({ type: 'AddOrganizationCourses' as const, courseIds, batchId: null });

describe('training centre', () => {
  describe('when it registers', () => {
    it('is registered pending verification, with its own form’s rules', () => {
      spec([]).when({ type: 'RegisterOrganization', organizationId: 'o1', ownerUserId: 'u1', profile, form: 'centre', now }).then([registered]);
      spec([]).when({ type: 'RegisterOrganization', organizationId: 'o1', ownerUserId: 'u1', profile: { ...profile, name: 'P' }, form: 'centre', now }).thenThrows(OrganizationFieldTooShort);
    });
    it('needs the prefect’s approval reference when an administrator creates it', () => {
      spec([]).when({ type: 'RegisterOrganization', organizationId: 'o1', ownerUserId: null, profile, form: 'admin', now }).thenThrows(PrefectApprovalRequired);
    });
    it('is not registered twice', () => {
      spec([registered]).when({ type: 'RegisterOrganization', organizationId: 'o1', ownerUserId: 'u1', profile, now }).thenThrows(OrganizationAlreadyExists);
    });
  });

  describe('when it is pending verification', () => {
    it('cannot publish a course', () => {
      spec([registered]).when(addCourses('c1')).thenThrows(OrganizationNotVerified);
    });
    it('changes its details', () => {
      spec([registered]).when({ type: 'UpdateOrganizationProfile', profile: { ...profile, phoneNumber: '04 91 00 00 00' }, form: 'centre', requestId: 'r1', now })
        .then([{ type: 'OrganizationProfileUpdated', data: { ...profile, phoneNumber: '04 91 00 00 00', organizationId: 'o1' } }]);
      spec([registered]).when({ type: 'UpdateOrganizationProfile', profile, form: 'centre', requestId: 'r1', now }).thenNothingHappens();
    });
    it('is verified once, by an administrator', () => {
      spec([registered]).when({ type: 'VerifyOrganization', organizationId: 'o1', now }).then([verified]);
      spec([registered, verified]).when({ type: 'VerifyOrganization', organizationId: 'o1', now }).thenNothingHappens();
    });
  });

  describe('when it is verified', () => {
    it('announces the courses it publishes, each once', () => {
      spec([registered, verified]).when(addCourses('c1', 'c2')).then([{ type: 'OrganizationCoursesAdded', data: { organizationId: 'o1', courseIds: ['c1', 'c2'], batchId: null } }]);
      spec([registered, verified, { type: 'OrganizationCoursesAdded', data: { organizationId: 'o1', courseIds: ['c1'], batchId: null } }]).when(addCourses('c1')).thenNothingHappens();
    });
    it('publishes nothing more once unverified', () => {
      spec([registered, verified]).when({ type: 'UnverifyOrganization', now }).then([{ type: 'OrganizationUnverified', data: { organizationId: 'o1', unverifiedAt: now.toISOString() } }]);
      spec([registered, verified, { type: 'OrganizationUnverified', data: { organizationId: 'o1', unverifiedAt: now.toISOString() } }]).when(addCourses('c1')).thenThrows(OrganizationNotVerified);
    });
    it('changes the account that runs it', () => {
      spec([registered, verified]).when({ type: 'ChangeOrganizationOwner', ownerUserId: 'u2' }).then([{ type: 'OrganizationOwnerChanged', data: { organizationId: 'o1', ownerUserId: 'u2' } }]);
    });
  });

  describe('when it is verified and changes its identity', () => {
    type Changes = Partial<Record<keyof typeof profile, string | null>>;
    const update = (changes: Changes, requestId = 'r1') => ({ type: 'UpdateOrganizationProfile' as const, profile: { ...profile, ...changes }, form: 'centre' as const, requestId, now });
    const renamed = { name: 'Provence Route Nouvelle', prefectApprovalReference: 'R1301300099' };
    const requested = (requestId: string, changes: Changes = renamed) => ({
      type: 'OrganizationIdentityChangeRequested',
      data: { name: profile.name, address: profile.address, city: profile.city, postalCode: profile.postalCode, prefectApprovalReference: profile.prefectApprovalReference, ...changes, organizationId: 'o1', requestId, requestedAt: now.toISOString() },
    }) as OrganizationEvent;
    const withdrawn = (requestId: string): OrganizationEvent => ({ type: 'OrganizationIdentityChangeWithdrawn', data: { organizationId: 'o1', requestId, withdrawnAt: now.toISOString() } });

    it('asks an administrator: its name, address and approval stay as they are until approved', () => {
      spec([registered, verified]).when(update(renamed)).then([requested('r1')]);
      spec([registered, verified]).when(update({ address: '1 rue de Rome', city: 'Aubagne', postalCode: '13400' })).then([requested('r1', { address: '1 rue de Rome', city: 'Aubagne', postalCode: '13400' })]);
    });
    it('changes its contact details and descriptions at once, and asks for the rest', () => {
      spec([registered, verified]).when(update({ ...renamed, phoneNumber: '04 91 00 00 00' })).then([
        { type: 'OrganizationProfileUpdated', data: { ...profile, phoneNumber: '04 91 00 00 00', organizationId: 'o1' } },
        requested('r1'),
      ]);
    });
    it('has one request pending at a time: a new one replaces it, the same one again changes nothing', () => {
      spec([registered, verified, requested('r1')]).when(update({ name: 'Autre Nom' }, 'r2')).then([requested('r2', { name: 'Autre Nom' })]);
      spec([registered, verified, requested('r1')]).when(update(renamed, 'r2')).thenNothingHappens();
    });
    it('withdraws its request by saving its current identity again', () => {
      spec([registered, verified, requested('r1')]).when(update({}, 'r2')).then([withdrawn('r1')]);
      spec([registered, verified]).when(update({}, 'r2')).thenNothingHappens();
    });
    it('takes the approved values once an administrator approves, and keeps its own when rejected', () => {
      spec([registered, verified, requested('r1')]).when({ type: 'ApproveIdentityChange', requestId: 'r1', now }).then([{
        type: 'OrganizationIdentityChangeApproved',
        data: { name: renamed.name, address: profile.address, city: profile.city, postalCode: profile.postalCode, prefectApprovalReference: renamed.prefectApprovalReference, organizationId: 'o1', requestId: 'r1', approvedAt: now.toISOString() },
      }]);
      spec([registered, verified, requested('r1')]).when({ type: 'RejectIdentityChange', requestId: 'r1', now })
        .then([{ type: 'OrganizationIdentityChangeRejected', data: { organizationId: 'o1', requestId: 'r1', rejectedAt: now.toISOString() } }]);
      const { requestedAt: _requestedAt, ...asked } = requested('r1').data as { requestedAt: string };
      const approved = { type: 'OrganizationIdentityChangeApproved', data: { ...asked, approvedAt: now.toISOString() } } as OrganizationEvent;
      // Approved, the new name is the one in force: saving it again asks nothing.
      spec([registered, verified, requested('r1'), approved]).when(update(renamed, 'r2')).thenNothingHappens();
    });
    it('is decided only while pending: not one replaced, withdrawn, or already decided', () => {
      spec([registered, verified]).when({ type: 'ApproveIdentityChange', requestId: 'r1', now }).thenThrows(IdentityChangeNotPending);
      spec([registered, verified, requested('r1'), requested('r2')]).when({ type: 'ApproveIdentityChange', requestId: 'r1', now }).thenThrows(IdentityChangeNotPending);
      spec([registered, verified, requested('r1'), withdrawn('r1')]).when({ type: 'RejectIdentityChange', requestId: 'r1', now }).thenThrows(IdentityChangeNotPending);
      const rejected: OrganizationEvent = { type: 'OrganizationIdentityChangeRejected', data: { organizationId: 'o1', requestId: 'r1', rejectedAt: now.toISOString() } };
      spec([registered, verified, requested('r1'), rejected]).when({ type: 'ApproveIdentityChange', requestId: 'r1', now }).thenThrows(IdentityChangeNotPending);
    });
    it('changes its identity directly while unverified, its pending request then withdrawn', () => {
      spec([registered]).when(update(renamed)).then([{ type: 'OrganizationProfileUpdated', data: { ...profile, ...renamed, organizationId: 'o1' } }]);
      const unverified: OrganizationEvent = { type: 'OrganizationUnverified', data: { organizationId: 'o1', unverifiedAt: now.toISOString() } };
      spec([registered, verified, requested('r1'), unverified]).when(update({ name: 'Autre Nom' }, 'r2'))
        .then([withdrawn('r1'), { type: 'OrganizationProfileUpdated', data: { ...profile, name: 'Autre Nom', organizationId: 'o1' } }]);
    });
    it('is edited directly by an administrator', () => {
      spec([registered, verified]).when({ type: 'UpdateOrganizationProfile', profile: { ...profile, ...renamed }, form: 'admin' })
        .then([{ type: 'OrganizationProfileUpdated', data: { ...profile, ...renamed, organizationId: 'o1' } }]);
    });
  });

  describe('when it is deleted', () => {
    it('is deleted by an administrator', () => {
      spec([registered, verified]).when({ type: 'DeleteOrganization', deletedBy: 'a1', now }).then([deleted]);
    });
    it('is gone: it publishes nothing, changes nothing, is not deleted twice', () => {
      spec([registered, verified, deleted]).when(addCourses('c1')).thenThrows(OrganizationNotFound);
      spec([registered, verified, deleted]).when({ type: 'UpdateOrganizationProfile', profile, form: 'centre', requestId: 'r1', now }).thenThrows(OrganizationNotFound);
      spec([registered, verified, deleted]).when({ type: 'VerifyOrganization', organizationId: 'o1', now }).thenThrows(OrganizationNotFound);
      spec([registered, verified, deleted]).when({ type: 'DeleteOrganization', deletedBy: 'a1', now }).thenThrows(OrganizationNotFound);
    });
  });
});

describe('the centre an account runs', () => {
  const manager = specFor(organizationManagerDecider);
  const assigned: OrganizationManagerEvent = { type: 'OrganizationManagerAssigned', data: { userId: 'u1', organizationId: 'o1' } };
  it('is one at most', () => {
    manager([]).when({ type: 'AssignManager', userId: 'u1', organizationId: 'o1' }).then([assigned]);
    manager([assigned]).when({ type: 'AssignManager', userId: 'u1', organizationId: 'o1' }).thenNothingHappens();
    manager([assigned]).when({ type: 'AssignManager', userId: 'u1', organizationId: 'o2' }).thenThrows(OrganizationManagerTaken);
  });
  it('is released, then another may be run', () => {
    const released: OrganizationManagerEvent = { type: 'OrganizationManagerReleased', data: { userId: 'u1', organizationId: 'o1' } };
    manager([assigned]).when({ type: 'ReleaseManager', userId: 'u1', organizationId: 'o1' }).then([released]);
    manager([assigned, released]).when({ type: 'AssignManager', userId: 'u1', organizationId: 'o2' }).then([{ type: 'OrganizationManagerAssigned', data: { userId: 'u1', organizationId: 'o2' } }]);
  });
});
