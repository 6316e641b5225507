import type { EventStore } from '@recup/infra/event-store/port';
import { WrongExpectedRevisionError } from '@recup/infra/event-store/port';
import { streams, type EventMetadata, type Role, type UserProfile } from '@recup/shared-events';
import { handleCommand, readState } from '../core/decider';
import { followUp } from '../core/metadata';
import type { Precondition } from '../core/precondition';
import { adminsDecider } from './admins-decider';
import { normaliseEmail, userEmailStream } from './email-address';
import type { ExistingUser } from './user';
import { userDecider, type UserCommand } from './user-decider';
import { EmailAlreadyRegistered, UserNotFound } from './user-errors';
import { issueToken, VERIFICATION_TOKEN_TTL_MS } from './tokens';

interface NewAccount {
  userId: string;
  email: string;
  passwordHash: string;
  role: Role;
  profile: UserProfile;
  verified: boolean;
}

/** Claims an address for a user: of two simultaneous claims (a no-stream append) only one succeeds. */
async function claimEmail(eventStore: EventStore, email: string, userId: string, metadata: EventMetadata): Promise<string> {
  const stream = userEmailStream(email);
  const existing = await eventStore.readStream(stream);
  const last = existing.at(-1);
  const id = crypto.randomUUID();
  if (last && last.type !== 'UserEmailReleased') throw new EmailAlreadyRegistered();
  try {
    await eventStore.appendToStream(stream, [{ id, type: 'UserEmailClaimed', data: { userId, email }, metadata }], {
      expectedRevision: last ? last.revision : 'no_stream',
    });
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new EmailAlreadyRegistered();
    throw error;
  }
  return id;
}

async function releaseEmail(eventStore: EventStore, email: string, userId: string, metadata: EventMetadata) {
  const stream = userEmailStream(email);
  const last = (await eventStore.readStream(stream)).at(-1);
  if (!last || last.type !== 'UserEmailClaimed' || (last.data as { userId: string }).userId !== userId) return;
  await eventStore.appendToStream(stream, [{ type: 'UserEmailReleased', data: { userId }, metadata }], { expectedRevision: last.revision });
}

/** The account that holds an address, if any. */
export async function findAccountByEmail(eventStore: EventStore, email: string) {
  const last = (await eventStore.readStream(userEmailStream(email))).at(-1);
  if (!last || last.type !== 'UserEmailClaimed') return null;
  const account = await readState(eventStore, streams.user((last.data as { userId: string }).userId), userDecider);
  return account.state.status === 'registered' ? { ...account, state: account.state } : null;
}

export async function loadAccount(eventStore: EventStore, userId: string) {
  const account = await readState(eventStore, streams.user(userId), userDecider);
  if (account.state.status !== 'registered') throw new UserNotFound();
  return { ...account, state: account.state as ExistingUser };
}

export function changeAccount(eventStore: EventStore, userId: string, command: UserCommand, metadata: EventMetadata, precondition: Precondition | null = null) {
  return handleCommand(eventStore, streams.user(userId), userDecider, command, { metadata, precondition });
}

/**
 * Opens an account: the address is claimed first, then the user is recorded, verified at once or with a
 * verification token (returned, to be sent by e-mail); an administrator is also added to `admins`.
 */
export async function registerAccount(eventStore: EventStore, input: NewAccount, metadata: EventMetadata, now: Date) {
  const email = normaliseEmail(input.email);
  const claimId = await claimEmail(eventStore, email, input.userId, metadata);
  const token = input.verified ? null : issueToken(input.userId, VERIFICATION_TOKEN_TTL_MS, now);
  const registered = await handleCommand(eventStore, streams.user(input.userId), userDecider, {
    type: 'RegisterUser', userId: input.userId, email, passwordHash: input.passwordHash, role: input.role, profile: input.profile, now,
    verification: token ? { verified: false, tokenHash: token.tokenHash, expiresAt: token.expiresAt } : { verified: true },
  }, { metadata: followUp(metadata, claimId, now) });
  let position = registered.position;
  if (input.role === 'ADMIN') {
    const granted = await handleCommand(eventStore, streams.admins, adminsDecider, { type: 'GrantAdmin', userId: input.userId }, { metadata: followUp(metadata, registered.eventIds[0]!, now) });
    position = Math.max(position, granted.position);
  }
  return { userId: input.userId, email, verificationToken: token?.token ?? null, position };
}

/**
 * Changes a role. Taking ADMIN away goes through the `admins` stream first, where the last administrator is
 * protected; granting it records the grant first, so that `admins` never misses a real administrator.
 */
export async function changeRole(eventStore: EventStore, userId: string, role: Role, metadata: EventMetadata, precondition: Precondition | null = null) {
  const account = await loadAccount(eventStore, userId);
  await precondition?.assertFresh(eventStore, streams.user(userId), account.revision, metadata.correlationId);
  if (account.state.role === role) return { position: account.position };
  const admins = await handleCommand(eventStore, streams.admins, adminsDecider, role === 'ADMIN' ? { type: 'GrantAdmin', userId } : { type: 'RevokeAdmin', userId, because: 'demote' }, { metadata });
  const changed = await changeAccount(eventStore, userId, { type: 'ChangeRole', role }, metadata, precondition);
  return { position: Math.max(admins.position, changed.position) };
}

export async function deleteAccount(eventStore: EventStore, userId: string, metadata: EventMetadata, now: Date) {
  const account = await loadAccount(eventStore, userId);
  const admins = await handleCommand(eventStore, streams.admins, adminsDecider, { type: 'RevokeAdmin', userId, because: 'delete' }, { metadata });
  const deleted = await changeAccount(eventStore, userId, { type: 'DeleteUser', now }, metadata);
  await releaseEmail(eventStore, account.state.email, userId, metadata);
  return { position: Math.max(admins.position, deleted.position) };
}

/** Moves an account to another address: the new one is claimed before the old one is released. */
export async function changeEmail(eventStore: EventStore, userId: string, newEmail: string, metadata: EventMetadata) {
  const account = await loadAccount(eventStore, userId);
  const email = normaliseEmail(newEmail);
  if (email === account.state.email) return { position: account.position };
  await claimEmail(eventStore, email, userId, metadata);
  const changed = await changeAccount(eventStore, userId, { type: 'ChangeEmail', email }, metadata);
  await releaseEmail(eventStore, account.state.email, userId, metadata);
  return { position: changed.position };
}
