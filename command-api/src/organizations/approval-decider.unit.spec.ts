import { describe, it } from 'vitest';
import type { OrganizationEvent } from '@recup/shared-events';
import { specFor } from '../testing/given-when-then';
import { organizationDecider } from './organization-decider';
import { ApprovalExpired, ApprovalNoticeNotDue, InvalidApprovalDates } from './organization-errors';

const spec = specFor(organizationDecider);
const now = new Date('2026-11-21T09:00:00.000Z');
const profile = {
  name: 'Provence Sécurité Routière', address: '42 rue Paradis', city: 'Marseille', postalCode: '13006', email: 'contact@psr.test', phoneNumber: '04 91 23 45 67',
  website: null, description: null, descriptionEn: null, prefectApprovalReference: 'R-13-2021-001',
};
const registered: OrganizationEvent = { type: 'OrganizationRegistered', data: { ...profile, organizationId: 'o1', ownerUserId: 'u1', registeredAt: now.toISOString() } };
const verified: OrganizationEvent = { type: 'OrganizationVerified', data: { organizationId: 'o1', verifiedAt: now.toISOString() } };
const dates = (approvalGrantedOn: string | null, approvalExpiresOn: string | null): OrganizationEvent => ({
  type: 'OrganizationApprovalDatesRecorded', data: { organizationId: 'o1', approvalGrantedOn, approvalExpiresOn, recordedAt: now.toISOString() },
});
const addCourse = (at: Date) => ({ type: 'AddOrganizationCourses' as const, courseIds: ['c1'], batchId: null, now: at });

describe('a centre’s approval', () => {
  describe('when an administrator records its dates', () => {
    it('lasts 5 years less a day from its grant unless its end is entered', () => {
      spec([registered]).when({ type: 'RecordApprovalDates', approvalGrantedOn: '2024-03-15', now }).then([dates('2024-03-15', '2029-03-14')]);
      spec([registered]).when({ type: 'RecordApprovalDates', approvalGrantedOn: '2024-03-15', approvalExpiresOn: '2028-12-31', now }).then([dates('2024-03-15', '2028-12-31')]);
    });
    it('a grant on 29 February ends on 27 February five years later', () => {
      spec([registered]).when({ type: 'RecordApprovalDates', approvalGrantedOn: '2024-02-29', now }).then([dates('2024-02-29', '2029-02-27')]);
    });
    it('refuses an end before its grant, or an end without a grant', () => {
      spec([registered]).when({ type: 'RecordApprovalDates', approvalGrantedOn: '2024-03-15', approvalExpiresOn: '2024-03-14', now }).thenThrows(InvalidApprovalDates);
      spec([registered]).when({ type: 'RecordApprovalDates', approvalGrantedOn: null, approvalExpiresOn: '2029-03-14', now }).thenThrows(InvalidApprovalDates);
    });
    it('records nothing when the dates are the same, and can clear them', () => {
      spec([registered, dates('2024-03-15', '2029-03-14')]).when({ type: 'RecordApprovalDates', approvalGrantedOn: '2024-03-15', now }).thenNothingHappens();
      spec([registered, dates('2024-03-15', '2029-03-14')]).when({ type: 'RecordApprovalDates', approvalGrantedOn: null, now }).then([dates(null, null)]);
    });
  });

  describe('when the centre publishes', () => {
    it('publishes through the last day of its approval', () => {
      spec([registered, verified, dates('2021-11-22', '2026-11-21')]).when(addCourse(new Date('2026-11-21T22:30:00.000Z'))).then([
        { type: 'OrganizationCoursesAdded', data: { organizationId: 'o1', courseIds: ['c1'], batchId: null } },
      ]);
    });
    it('publishes nothing once it has ended (the next day, Paris)', () => {
      spec([registered, verified, dates('2021-11-22', '2026-11-21')]).when(addCourse(new Date('2026-11-21T23:30:00.000Z'))).thenThrows(ApprovalExpired);
    });
    it('publishes again once new dates are recorded, and a centre without dates is not held back', () => {
      spec([registered, verified, dates('2021-11-22', '2026-11-21'), dates('2026-11-20', '2031-11-19')]).when(addCourse(new Date('2026-12-01T09:00:00.000Z')))
        .then([{ type: 'OrganizationCoursesAdded', data: { organizationId: 'o1', courseIds: ['c1'], batchId: null } }]);
      spec([registered, verified]).when(addCourse(new Date('2040-01-01T09:00:00.000Z'))).then([{ type: 'OrganizationCoursesAdded', data: { organizationId: 'o1', courseIds: ['c1'], batchId: null } }]);
    });
  });

  describe('60 days before it ends', () => {
    const ending = dates('2022-03-01', '2027-02-28');
    const noticed: OrganizationEvent = { type: 'OrganizationApprovalExpiryNoticed', data: { organizationId: 'o1', approvalExpiresOn: '2027-02-28', noticedAt: '2026-12-30T08:00:00.000Z' } };
    it('tells the centre from 09:00 Paris on the 60th day before, once', () => {
      spec([registered, verified, ending]).when({ type: 'NoticeApprovalExpiry', now: new Date('2026-12-30T07:59:00.000Z') }).thenThrows(ApprovalNoticeNotDue);
      spec([registered, verified, ending]).when({ type: 'NoticeApprovalExpiry', now: new Date('2026-12-30T08:00:00.000Z') }).then([noticed]);
      spec([registered, verified, ending, noticed]).when({ type: 'NoticeApprovalExpiry', now: new Date('2027-01-05T08:00:00.000Z') }).thenNothingHappens();
    });
    it('tells of a new end date when its own time comes, and not of one already passed', () => {
      spec([registered, verified, ending, noticed, dates('2027-02-01', '2032-01-31')]).when({ type: 'NoticeApprovalExpiry', now: new Date('2027-02-02T08:00:00.000Z') }).thenThrows(ApprovalNoticeNotDue);
      spec([registered, verified, ending]).when({ type: 'NoticeApprovalExpiry', now: new Date('2027-03-01T08:00:00.000Z') }).thenThrows(ApprovalNoticeNotDue);
      spec([registered, verified]).when({ type: 'NoticeApprovalExpiry', now }).thenThrows(ApprovalNoticeNotDue);
    });
  });
});

describe('a centre’s e-mails', () => {
  const all = { newBooking: true, cancellationOrMove: true, lowEnrolment: true, packDue: true };
  it('are all on at first; turning one off is recorded once', () => {
    spec([registered]).when({ type: 'ChangeNotifications', notifications: all }).thenNothingHappens();
    const off = { ...all, lowEnrolment: false };
    spec([registered]).when({ type: 'ChangeNotifications', notifications: off }).then([{ type: 'OrganizationNotificationsChanged', data: { organizationId: 'o1', notifications: off } }]);
    spec([registered, { type: 'OrganizationNotificationsChanged', data: { organizationId: 'o1', notifications: off } }]).when({ type: 'ChangeNotifications', notifications: off }).thenNothingHappens();
  });
});
