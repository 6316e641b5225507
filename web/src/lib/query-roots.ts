/**
 * The first element of each area's query keys. Features build their own factories on these; a mutation in one
 * feature that makes another's data stale (a booking changes both courses and bookings) names the root here
 * instead of importing the other feature.
 */
export const queryRoots = {
  auth: ['auth'],
  courses: ['courses'],
  bookings: ['bookings'],
  profile: ['profile'],
  /** The learner's places in line on full courses. */
  waitingList: ['waiting-list'],
  /** A training centre's own record, courses, bookings and dashboard. */
  organization: ['organization'],
} as const;

/** The signed-in user (`GET /api/auth/me`): read by the session, and replaced when the profile changes. */
export const currentUserKey = [...queryRoots.auth, 'me'] as const;
