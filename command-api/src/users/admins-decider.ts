import type { AdminsEvent } from '@recup/shared-events';
import type { Decider } from '../core/decider';
import { LastAdminCannotBeRemoved } from './user-errors';

/** The `admins` stream: who holds the ADMIN role. Appended with its expected revision, so that two
 * simultaneous removals cannot both take away the last two administrators. */
type AdminsState = { admins: readonly string[] };
type AdminsCommand = { type: 'GrantAdmin'; userId: string } | { type: 'RevokeAdmin'; userId: string; because?: 'delete' | 'demote' };

function evolveAdmins(state: AdminsState, event: AdminsEvent): AdminsState {
  switch (event.type) {
    case 'AdminGranted':
      return state.admins.includes(event.data.userId) ? state : { admins: [...state.admins, event.data.userId] };
    case 'AdminRevoked':
      return { admins: state.admins.filter((id) => id !== event.data.userId) };
  }
}

function decideAdmins(command: AdminsCommand, state: AdminsState): AdminsEvent[] {
  const isAdmin = state.admins.includes(command.userId);
  if (command.type === 'GrantAdmin') return isAdmin ? [] : [{ type: 'AdminGranted', data: { userId: command.userId } }];
  if (!isAdmin) return [];
  if (state.admins.length <= 1) throw new LastAdminCannotBeRemoved(command.because ?? 'delete');
  return [{ type: 'AdminRevoked', data: { userId: command.userId } }];
}

export const adminsDecider: Decider<AdminsCommand, AdminsEvent, AdminsState> = {
  initialState: () => ({ admins: [] }),
  evolve: evolveAdmins,
  decide: decideAdmins,
};
