import type { OrganizationEvent, OrganizationProfile } from '@recup/shared-events';

export type OrganizationState =
  | { status: 'absent' }
  | {
      status: 'registered' | 'deleted';
      organizationId: string;
      name: string;
      profile: OrganizationProfile;
      ownerUserId: string | null;
      verified: boolean;
      /** Every course the centre ever announced, in order (a deleted centre's are cancelled). */
      courseIds: string[];
      registeredAt: string;
    };

export type ExistingOrganization = Exclude<OrganizationState, { status: 'absent' }>;

export const initialOrganizationState = (): OrganizationState => ({ status: 'absent' });

export function evolveOrganization(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  if (event.type === 'OrganizationRegistered') {
    const { organizationId, ownerUserId, registeredAt, ...profile } = event.data;
    return { status: 'registered', organizationId, name: profile.name, profile, ownerUserId, verified: false, courseIds: [], registeredAt };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'OrganizationVerified':
      return { ...state, verified: true };
    case 'OrganizationUnverified':
      return { ...state, verified: false };
    case 'OrganizationProfileUpdated': {
      const { organizationId: _organizationId, ...profile } = event.data;
      return { ...state, name: profile.name, profile };
    }
    case 'OrganizationOwnerChanged':
      return { ...state, ownerUserId: event.data.ownerUserId };
    case 'OrganizationCoursesAdded':
      return { ...state, courseIds: [...state.courseIds, ...event.data.courseIds.filter((id) => !state.courseIds.includes(id))] };
    case 'OrganizationDeleted':
      return { ...state, status: 'deleted', verified: false };
  }
}
