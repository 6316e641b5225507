import type { EventStore } from '@recup/infra/event-store/port';
import { WrongExpectedRevisionError } from '@recup/infra/event-store/port';
import { streams, type EventMetadata, type Role, type UserProfile } from '@recup/shared-events';
import { handleCommand } from '../core/decider';
import { followUp } from '../core/metadata';
import { normaliseEmail, userEmailStream } from './email-address';
import { userDecider } from './user-decider';
import { EmailAlreadyRegistered } from './user-errors';

export interface RegisterUserInput {
  userId: string;
  email: string;
  passwordHash: string;
  role: Role;
  profile: UserProfile;
  verified: boolean;
}

/**
 * Claims the address first (a `userEmail-<hash>` stream appended with no-stream: of two simultaneous
 * registrations only one can create it), then records the user. An admin grant goes to the `admins` stream.
 */
export async function registerUser(eventStore: EventStore, input: RegisterUserInput, metadata: EventMetadata, now: Date): Promise<{ position: number }> {
  const email = normaliseEmail(input.email);
  let claimId: string = crypto.randomUUID();
  try {
    await eventStore.appendToStream(userEmailStream(email), [{ id: claimId, type: 'UserEmailClaimed', data: { userId: input.userId, email }, metadata }], { expectedRevision: 'no_stream' });
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new EmailAlreadyRegistered();
    throw error;
  }
  let result = await handleCommand(eventStore, streams.user(input.userId), userDecider, {
    type: 'RegisterUser', userId: input.userId, email, passwordHash: input.passwordHash, role: input.role, profile: input.profile, now,
  }, { metadata: followUp(metadata, claimId, now) });
  claimId = result.eventIds.at(-1) ?? claimId;
  if (input.verified) {
    result = await handleCommand(eventStore, streams.user(input.userId), userDecider, { type: 'VerifyUserEmail', userId: input.userId, now }, { metadata: followUp(metadata, claimId, now) });
  }
  let position = result.position;
  if (input.role === 'ADMIN') {
    const granted = await eventStore.appendToStream(streams.admins, [{ type: 'AdminGranted', data: { userId: input.userId }, metadata: followUp(metadata, claimId, now) }]);
    position = granted.position;
  }
  return { position };
}
