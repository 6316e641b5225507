import type { OrganizationEvent, OrganizationProfile } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { evolveOrganization, initialOrganizationState, type OrganizationState } from './organization';

export class OrganizationNotFound extends DomainError {
  constructor() {
    super('ORGANIZATION_NOT_FOUND');
  }
}
export class OrganizationAlreadyExists extends DomainError {
  constructor() {
    super('ORGANIZATION_ALREADY_EXISTS');
  }
}

export type RegisterOrganization = { type: 'RegisterOrganization'; organizationId: string; ownerUserId: string | null; profile: OrganizationProfile; now: Date };
export type VerifyOrganization = { type: 'VerifyOrganization'; organizationId: string; now: Date };
export type OrganizationCommand = RegisterOrganization | VerifyOrganization;

export function decideOrganization(command: OrganizationCommand, state: OrganizationState): OrganizationEvent[] {
  switch (command.type) {
    case 'RegisterOrganization':
      if (state.status !== 'absent') throw new OrganizationAlreadyExists();
      return [{ type: 'OrganizationRegistered', data: { ...command.profile, organizationId: command.organizationId, ownerUserId: command.ownerUserId, registeredAt: command.now.toISOString() } }];
    case 'VerifyOrganization':
      if (state.status === 'absent') throw new OrganizationNotFound();
      if (state.verified) return [];
      return [{ type: 'OrganizationVerified', data: { organizationId: state.organizationId, verifiedAt: command.now.toISOString() } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const organizationDecider: Decider<OrganizationCommand, OrganizationEvent, OrganizationState> = {
  initialState: initialOrganizationState,
  evolve: evolveOrganization,
  decide: decideOrganization,
};
