import type { OrganizationManagerEvent } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { OrganizationManagerTaken } from './organization-errors';

/** Which centre an ORGANIZATION account runs (`organizationManager-<userId>`): one at most. */
type OrganizationManagerState = { organizationId: string | null };

type AssignManager = { type: 'AssignManager'; userId: string; organizationId: string };
type ReleaseManager = { type: 'ReleaseManager'; userId: string; organizationId: string };
type OrganizationManagerCommand = AssignManager | ReleaseManager;

export const organizationManagerDecider: Decider<OrganizationManagerCommand, OrganizationManagerEvent, OrganizationManagerState> = {
  initialState: () => ({ organizationId: null }),
  evolve: (_state, event) => ({ organizationId: event.type === 'OrganizationManagerAssigned' ? event.data.organizationId : null }),
  decide(command, state) {
    switch (command.type) {
      case 'AssignManager':
        if (state.organizationId === command.organizationId) return [];
        if (state.organizationId !== null) throw new OrganizationManagerTaken();
        return [{ type: 'OrganizationManagerAssigned', data: { userId: command.userId, organizationId: command.organizationId } }];
      case 'ReleaseManager':
        if (state.organizationId !== command.organizationId) return [];
        return [{ type: 'OrganizationManagerReleased', data: { userId: command.userId, organizationId: command.organizationId } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
