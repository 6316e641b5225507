/** What the crash test and its child process share: the load's accounts and the IPC messages. */
export const CRASH_LEARNERS = 8;
export const crashLearnerEmail = (i: number) => `crash.learner.${i}@example.test`;
export const CRASH_PASSWORD = 'crash-password';
/** Small courses of the demo centre that the load fills, so that learners wait for them and places are offered. */
export const CRASH_SMALL_COURSES = ['crash-small-0', 'crash-small-1', 'crash-small-2'];
export const CRASH_SMALL_COURSE_SPOTS = 2;
/** Offers end after an hour in the crash test: the load's half-hours of time passing make them expire. */
export const CRASH_WAITLIST_OFFER_HOURS = 1;

export type ChildCommand = { type: 'advance'; ms: number } | { type: 'settle' } | { type: 'verify' };
export type ChildRequest = { id: number } & ChildCommand;
export type ChildAnswer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
export type ChildReady = { type: 'ready'; port: number };
