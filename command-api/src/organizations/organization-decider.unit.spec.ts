import { describe, it } from 'vitest';
import type { OrganizationEvent, OrganizationManagerEvent } from '@recup/shared-events';
import { specFor } from '../core/given-when-then';
import { OrganizationNotVerified } from '../courses/course-errors';
import { organizationDecider } from './organization-decider';
import { OrganizationAlreadyExists, OrganizationFieldTooShort, OrganizationManagerTaken, OrganizationNotFound, PrefectApprovalRequired } from './organization-errors';
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
      spec([registered]).when({ type: 'UpdateOrganizationProfile', profile: { ...profile, phoneNumber: '04 91 00 00 00' }, form: 'centre' })
        .then([{ type: 'OrganizationProfileUpdated', data: { ...profile, phoneNumber: '04 91 00 00 00', organizationId: 'o1' } }]);
      spec([registered]).when({ type: 'UpdateOrganizationProfile', profile, form: 'centre' }).thenNothingHappens();
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

  describe('when it is deleted', () => {
    it('is deleted by an administrator', () => {
      spec([registered, verified]).when({ type: 'DeleteOrganization', deletedBy: 'a1', now }).then([deleted]);
    });
    it('is gone: it publishes nothing, changes nothing, is not deleted twice', () => {
      spec([registered, verified, deleted]).when(addCourses('c1')).thenThrows(OrganizationNotFound);
      spec([registered, verified, deleted]).when({ type: 'UpdateOrganizationProfile', profile, form: 'centre' }).thenThrows(OrganizationNotFound);
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
