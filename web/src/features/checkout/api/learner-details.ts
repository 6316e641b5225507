import { DeclareLearnerCaseResponse, type LicenceDetail } from '@recup/command-api/contracts/learner-case';
import { ProfileDto } from '@recup/query-api/contracts';
import type { LearnerCase, LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { profileInputOf, profileValuesOf } from '../../../lib/profile-values';
import { queryRoots } from '../../../lib/query-roots';

export type { LicenceDetail };

/** The licence details the prefecture needs, as the step's form holds them ('' for "not given"). */
export type LicenceValues = Record<LicenceDetail, string>;

/** What the step before the card sends: the learner's case, and the licence details when the profile lacked them. */
export type LearnerDetails = { learnerCase: LearnerCase; letterReceivedOn: string | null; licence: LicenceValues | null };

/** The learner's own profile: the licence details already there fill the step's fields (the account page's cache entry). */
export const learnerProfileQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.profile, 'mine'] as const,
    queryFn: ({ signal }) => api.get('/api/users/profile', { signal, schema: ProfileDto }),
  });

/**
 * Saves the step: the licence details into the profile first, through the profile's own command (every other field
 * as it is), then the booking's case. A refusal names its field, which the step shows on that field. Answers the
 * case the booking now holds and the saved profile, if it changed.
 */
export async function saveLearnerDetails(bookingId: string, details: LearnerDetails, language: Language): Promise<{ learnerCase: LearnerCaseRecord; profile: ProfileDto | null }> {
  let profile: ProfileDto | null = null;
  if (details.licence) {
    const current = await api.get('/api/users/profile', { schema: ProfileDto });
    profile = await api.patch('/api/users/profile', { body: profileInputOf({ ...profileValuesOf(current), ...details.licence }, language), schema: ProfileDto });
  }
  const declared = await api.put(`/api/bookings/${encodeURIComponent(bookingId)}/case`, {
    body: { learnerCase: details.learnerCase, letterReceivedOn: details.letterReceivedOn },
    schema: DeclareLearnerCaseResponse,
  });
  return { learnerCase: declared.learnerCase, profile };
}
