/**
 * Stream names are `<category>-<id>`: a camelCase category with no `-` inside it, so that the first `-`
 * splits the name (ids may contain `-`).
 */
export const streams = {
  course: (id: string) => `course-${id}`,
  booking: (id: string) => `booking-${id}`,
  payment: (id: string) => `payment-${id}`,
  user: (id: string) => `user-${id}`,
  /** `emailHash` is the hex SHA-256 of the normalised address. */
  userEmail: (emailHash: string) => `userEmail-${emailHash}`,
  organization: (id: string) => `organization-${id}`,
  invoiceNumbers: (year: number) => `invoiceNumbers-${year}`,
  /** The e-mail one event called for: sent once. */
  notification: (eventId: string) => `notification-${eventId}`,
  admins: 'admins',
} as const;

export type StreamCategory = 'course' | 'booking' | 'payment' | 'user' | 'userEmail' | 'organization' | 'invoiceNumbers' | 'notification' | 'admins';

export function parseStreamName(streamName: string): { category: string; id: string } {
  const dash = streamName.indexOf('-');
  if (dash < 0) return { category: streamName, id: '' };
  return { category: streamName.slice(0, dash), id: streamName.slice(dash + 1) };
}
