import type { Facilitator } from '@recup/shared-events';
import type { ProjectedDoc } from '../projection';

export const COURSES_COLLECTION = 'courses';

export interface CourseLocation {
  communeCode: string;
  lat: number;
  lon: number;
}

/** A learner in line (first in line first), and the place held for them, if any. */
export interface WaitingListEntry {
  userId: string;
  joinedAt: string;
  offer: { offerId: string; offeredAt: string; expiresAt: string } | null;
}

export interface CourseDocument extends ProjectedDoc {
  organizationId: string;
  title: string;
  titleEn: string | null;
  description: string;
  descriptionEn: string | null;
  address: string;
  city: string;
  postalCode: string;
  department: string;
  startDate: string;
  endDate: string;
  /** 0 = Sunday ... 6 = Saturday, in Paris, of the first day. */
  startWeekday: number;
  price: number;
  totalSpots: number;
  /** Places taken by an active reservation (a booking not cancelled, expired nor deleted). */
  spotsTaken: number;
  /** The waiting list, first in line first; places left = total − spotsTaken − the offers held here. */
  waitingList: WaitingListEntry[];
  /** Who waits (an index: a learner's lines are found without reading every course). */
  waitingUserIds: string[];
  antsNumber: string | null;
  cancelled: boolean;
  /** Why, when cancelled: `deletedByCentre`, `deletedByAdmin`, `organizationDeleted`, `batchWithdrawn` (or older free text). */
  cancellationReason: string | null;
  cancelledAt: string | null;
  /** The batch it was published with, if any. */
  batchId: string | null;
  /**
   * False while the course's batch is not yet published (or was withdrawn): it then shows nowhere. Every
   * list of courses keeps `published: true` (`PUBLISHED_COURSES`).
   */
  published: boolean;
  /** City, title and postal code, without accents or case, for location search. */
  searchText: string;
  /** The centre of the course's commune (INSEE code), for distance search; null when the gazetteer knows no such place. */
  location: CourseLocation | null;
  scheduledAt: string;
  /** The course's facilitators as last named by its centre (issue 20); absent on documents built before. */
  facilitators?: Facilitator[];
  /** When and by whom the centre marked the prefecture's pack sent (issue 20 §3); absent or null until then. */
  prefecturePackSent?: { sentAt: string; sentBy: string } | null;
  /** The pack's reminders sent to the centre (days after the course: 10, 15). */
  prefecturePackReminders?: number[];
}

/** The filter every list of courses starts from: a course of a batch shows only once its whole batch is published. */
export const PUBLISHED_COURSES = { published: true } as const;
