/**
 * Stream names are `<category>-<id>`: a camelCase category with no `-` inside it, so that the first `-`
 * splits the name (ids may contain `-`).
 */
export const streams = {
  course: (id: string) => `course-${id}`,
  /** Several courses published at once, all or none. */
  courseBatch: (id: string) => `courseBatch-${id}`,
  booking: (id: string) => `booking-${id}`,
  payment: (id: string) => `payment-${id}`,
  user: (id: string) => `user-${id}`,
  /** `emailHash` is the hex SHA-256 of the normalised address. */
  userEmail: (emailHash: string) => `userEmail-${emailHash}`,
  organization: (id: string) => `organization-${id}`,
  /** Which centre an ORGANIZATION account runs. */
  organizationManager: (userId: string) => `organizationManager-${userId}`,
  invoiceNumbers: (year: number) => `invoiceNumbers-${year}`,
  /** The e-mail one event called for: sent once. */
  notification: (eventId: string) => `notification-${eventId}`,
  /** A centre's monthly statement (`month` `YYYY-MM`): whether the platform paid it. */
  centreStatement: (organizationId: string, month: string) => `centreStatement-${organizationId}-${month}`,
  admins: 'admins',
} as const;

export type StreamCategory = 'course' | 'courseBatch' | 'booking' | 'payment' | 'user' | 'userEmail' | 'organization' | 'organizationManager' | 'invoiceNumbers' | 'notification' | 'centreStatement' | 'admins';

export function parseStreamName(streamName: string): { category: string; id: string } {
  const dash = streamName.indexOf('-');
  if (dash < 0) return { category: streamName, id: '' };
  return { category: streamName.slice(0, dash), id: streamName.slice(dash + 1) };
}
