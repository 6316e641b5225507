/**
 * Moving a booking to another date (issue 19 §4): what the move dialog reads. Pure: the web imports it.
 */
import { z } from 'zod';
import { LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
import { CourseDto, MoveCourseDto, PointsEligibilityDto } from '../contracts';

/** `GET /api/bookings/{id}/transfer-options?department=`: only the courses of one department (all by default, the booking's first). */
export const TransferOptionsQuery = z.object({ department: z.enum(['04', '05', '06', '13', '83', '84']).optional() }).strict();
export type TransferOptionsQuery = z.infer<typeof TransferOptionsQuery>;

/** What happens to the money: nothing, the difference refunded on the card used, or the difference to pay by card first. */
const MoveMoneyDto = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('refund'), amount: z.number().int() }),
  z.object({ kind: z.literal('pay'), amount: z.number().int() }),
]);
type MoveMoneyDto = z.infer<typeof MoveMoneyDto>;

/** One course the booking may move to, as the caller would move it. */
export const TransferOptionDto = z.object({
  /** `distanceKm`: from the commune of the course booked now (null when a commune is not known). */
  course: CourseDto,
  sameDepartment: z.boolean(),
  /** What the booking would cost there (a centre or an administrator never raises it). */
  priceAfter: z.number().int(),
  money: MoveMoneyDto,
  /** Whether the learner would get points back from it, against their other courses (this booking's course left out). */
  pointsEligibility: PointsEligibilityDto,
  /** It starts within the booking's 14-day withdrawal period: the move needs the learner's express request. */
  earlyStartRequired: z.boolean(),
});
export type TransferOptionDto = z.infer<typeof TransferOptionDto>;

/**
 * `GET /api/bookings/{id}/transfer-options`: the booking as it stands and the courses with a free place it may move
 * to, the same department first, then the nearest, then the soonest. `movable`: the caller may move it now (a learner
 * until `lastDay`, Paris calendar).
 */
export const TransferOptionsDto = z.object({
  booking: z.object({
    id: z.string(),
    reference: z.string(),
    price: z.number().int(),
    /** Paid online: the price difference moves money; otherwise (to be paid at the centre) none moves. */
    paidOnline: z.boolean(),
    course: MoveCourseDto.extend({ department: z.string(), postalCode: z.string() }),
    movable: z.boolean(),
    lastDay: z.string().nullable(),
    /** The learner's case as declared (null: not yet): a 48N letter's four months apply to the new course's end. */
    learnerCase: LearnerCaseRecord.nullable(),
  }),
  options: z.array(TransferOptionDto),
});
export type TransferOptionsDto = z.infer<typeof TransferOptionsDto>;
