import type { AttendanceRecord, LearnerCaseRecord } from '@recup/shared-events';
import type { ProjectedDoc } from '../projection';

export const BOOKINGS_COLLECTION = 'bookings';

export interface BookingDocument extends ProjectedDoc {
  bookingReference: string;
  courseId: string;
  userId: string;
  price: number;
  currency: string;
  status: 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'COMPLETED' | 'EXPIRED';
  holdExpiresAt: string;
  cancelledAt: string | null;
  cancelledBy: 'learner' | 'admin' | 'courseCancelled' | null;
  refundDue: boolean;
  invoice: { number: string; date: string } | null;
  paymentId: string | null;
  createdAt: string;
  confirmedAt: string | null;
  confirmedBy: 'payment' | 'centre' | null;
  /** The money the centre received for a booking it confirmed unpaid, once it recorded it. */
  paidAtCentre: { method: 'CASH' | 'CHEQUE' | 'TRANSFER'; receivedOn: string; amount: number; recordedAt: string } | null;
  /** The courses it moved from, oldest first: from which course, when and by whom (issue 19 §4). */
  movedFrom: Array<{ courseId: string; movedAt: string; by: 'learner' | 'centre' | 'admin'; priceBefore: number; priceAfter: number }>;
  /** A learner's move to a dearer course waiting for its difference, the new place held until `holdExpiresAt`. */
  pendingMove: { moveId: string; toCourseId: string; holdExpiresAt: string; priceBefore: number; priceAfter: number; paymentId: string | null } | null;
  /**
   * Why the learner takes the course (the four cases of the law), as last declared; null: not declared yet. The
   * shape every view of a booking shows (the convocation prints it).
   */
  learnerCase: LearnerCaseRecord | null;
  /** The learner's presence per half-day as last recorded, and what it makes of the course (issue 20 §1); null: nothing recorded. */
  attendance?: AttendanceRecord | null;
  /** When the attestation was sent to the learner (once the course was completed), if it was. */
  attestationSentAt?: string | null;
}
