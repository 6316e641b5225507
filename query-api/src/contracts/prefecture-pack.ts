/**
 * The prefecture's pack (issue 20 §3): the courses whose pack a centre still has to send, and the late ones across
 * centres. Pure: the web imports these.
 */
import { z } from 'zod';

/** `GET /api/organization/prefecture-packs`: the centre's ended courses whose pack is not marked sent, late ones first. */
export const AwaitedPackDto = z.object({
  courseId: z.string(),
  title: z.string(),
  titleEn: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  antsNumber: z.string().nullable(),
  /** The last day (Paris, YYYY-MM-DD) on which the pack is on time. */
  deadline: z.string(),
  /** Calendar days left until the deadline (0 on its day); negative once late. */
  daysLeft: z.number().int(),
  late: z.boolean(),
  /** Participants on the sheet (confirmed bookings), and how many completed the course. */
  participants: z.number().int(),
  completed: z.number().int(),
});
export type AwaitedPackDto = z.infer<typeof AwaitedPackDto>;

/** `GET /api/admin/prefecture-packs/late`: every late pack, across centres, the latest first. */
export const LatePackDto = AwaitedPackDto.extend({ organizationId: z.string(), organizationName: z.string() });
export type LatePackDto = z.infer<typeof LatePackDto>;
