import { z } from 'zod';
import { defineEvent, type EventOf } from '../define-event';
import { Id, IsoDateTime } from '../primitives';

/**
 * The e-mail an event called for went out. The first event of a `notification-<eventId>` stream: an event
 * redelivered to the mail reactor finds it there and sends nothing again.
 */
export const NotificationSent = defineEvent(
  'NotificationSent',
  z.object({ eventId: Id, kind: z.string(), to: z.string(), sentAt: IsoDateTime }),
);

export const notificationEvents = [NotificationSent] as const;
export type NotificationEvent = EventOf<(typeof notificationEvents)[number]>;
