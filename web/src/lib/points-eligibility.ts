import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { queryContracts } from './contracts-on-demand';
import { queryRoots } from './query-roots';

/**
 * Whether a course would give the signed-in learner points back. It depends on their bookings, so it lives under
 * the bookings' root: a booking, a payment or a cancellation makes it stale.
 */
export const pointsEligibilityQuery = (courseId: string, replacing?: string) =>
  queryOptions({
    queryKey: [...queryRoots.bookings, 'points-eligibility', courseId, replacing ?? null] as const,
    // `replacing`: the learner's booking this course would replace (a move to another date), which counts no more.
    queryFn: ({ signal }) => api.get(`/api/courses/${encodeURIComponent(courseId)}/eligibility`, {
      signal, query: { replacing }, schema: () => queryContracts().then((contracts) => contracts.CourseEligibilityDto),
    }),
    refetchOnMount: 'always',
  });
