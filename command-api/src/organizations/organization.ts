import type { OrganizationEvent } from '@recup/shared-events';

export type OrganizationState =
  | { status: 'absent' }
  | { status: 'registered'; organizationId: string; name: string; ownerUserId: string | null; verified: boolean };

export const initialOrganizationState = (): OrganizationState => ({ status: 'absent' });

export function evolveOrganization(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  switch (event.type) {
    case 'OrganizationRegistered':
      return { status: 'registered', organizationId: event.data.organizationId, name: event.data.name, ownerUserId: event.data.ownerUserId, verified: false };
    case 'OrganizationVerified':
      return state.status === 'absent' ? state : { ...state, verified: true };
  }
}
