import { streams } from '@recup/shared-events';
import { readState } from '../core/decider';
import type { CommandApiDeps } from '../deps';
import { organizationDecider } from './organization-decider';

/** Whether the centre is verified, as its stream says now: only a verified centre sells (a booking, a payment). */
export async function centreSells(deps: Pick<CommandApiDeps, 'eventStore'>, organizationId: string): Promise<boolean> {
  const organization = await readState(deps.eventStore, streams.organization(organizationId), organizationDecider);
  return organization.state.status === 'registered' && organization.state.verified;
}
