/** What the crash test and its child process share: the load's accounts and the IPC messages. */
export const CRASH_LEARNERS = 8;
export const crashLearnerEmail = (i: number) => `crash.learner.${i}@example.test`;
export const CRASH_PASSWORD = 'crash-password';

export type ChildCommand = { type: 'advance'; ms: number } | { type: 'settle' } | { type: 'verify' };
export type ChildRequest = { id: number } & ChildCommand;
export type ChildAnswer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
export type ChildReady = { type: 'ready'; port: number };
