/**
 * The learner's case: why they take the course (the four cases of the law), declared at booking or before paying.
 * Pure: the web imports these for the checkout's step and the course page.
 */
import { z } from 'zod';
import { LearnerCase, LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
import { IsoDay } from '@recup/shared-events/primitives';

export { LearnerCase, LearnerCaseRecord };

/**
 * `PUT /api/bookings/{id}/case`: the case, and for PROBATION_48N the day (YYYY-MM-DD, Paris) the 48N letter was
 * received (required then, refused otherwise, never a day to come).
 */
export const DeclareLearnerCaseRequest = z.object({ learnerCase: LearnerCase, letterReceivedOn: IsoDay.nullish() }).strict();
export type DeclareLearnerCaseRequest = z.input<typeof DeclareLearnerCaseRequest>;

/** What the 48N case means for this booking's course: the last day it may end, and whether it ends by then. */
const ProbationCheckDto = z.object({ deadline: z.string(), endsInTime: z.boolean() });
type ProbationCheckDto = z.infer<typeof ProbationCheckDto>;

export const DeclareLearnerCaseResponse = z.object({
  bookingId: z.string(),
  learnerCase: LearnerCaseRecord,
  /** For PROBATION_48N: done within four months of the letter (this deadline included), the fine is refunded. */
  probation: ProbationCheckDto.nullable(),
  /** Cases 3 and 4 (a court's order, a penal settlement) give no points back. */
  givesPointsBack: z.boolean(),
});
export type DeclareLearnerCaseResponse = z.infer<typeof DeclareLearnerCaseResponse>;

/** The licence details the prefecture needs of each trainee, which the checkout asks for when the profile lacks them. */
export const LicenceDetail = z.enum(['licenseNumber', 'dateOfBirth', 'placeOfBirth', 'countryOfBirth']);
export type LicenceDetail = z.infer<typeof LicenceDetail>;
