import type { EventDefinition } from './define-event';
import type { RecordedEvent } from './envelope';
import { bookingEvents, upcastBookingPlaced, type BookingEvent } from './events/booking-events';
import { courseBatchEvents, courseEvents, type CourseBatchEvent, type CourseEvent } from './events/course-events';
import { invoiceEvents, type InvoiceEvent } from './events/invoice-events';
import { notificationEvents, type NotificationEvent } from './events/notification-events';
import { centreStatementEvents, type CentreStatementEvent } from './events/statement-events';
import { organizationEvents, organizationManagerEvents, type OrganizationEvent, type OrganizationManagerEvent } from './events/organization-events';
import { paymentEvents, type PaymentEvent } from './events/payment-events';
import { adminsEvents, userEmailEvents, userEvents, type AdminsEvent, type UserEmailEvent, type UserEvent } from './events/user-events';

export type DomainEvent =
  | CourseEvent
  | CourseBatchEvent
  | BookingEvent
  | PaymentEvent
  | UserEvent
  | UserEmailEvent
  | AdminsEvent
  | OrganizationEvent
  | OrganizationManagerEvent
  | InvoiceEvent
  | NotificationEvent
  | CentreStatementEvent;

export type DomainEventType = DomainEvent['type'];

/** A recorded event whose data has been validated against its schema. */
export type RecordedDomainEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? RecordedEvent<E['type'], E['data']>
  : never;

const definitions: readonly EventDefinition[] = [
  ...courseEvents,
  ...courseBatchEvents,
  ...bookingEvents,
  ...paymentEvents,
  ...userEvents,
  ...userEmailEvents,
  ...adminsEvents,
  ...organizationEvents,
  ...organizationManagerEvents,
  ...invoiceEvents,
  ...notificationEvents,
  ...centreStatementEvents,
];

const schemaByType = new Map(definitions.map((d) => [d.type, d.schema]));

/**
 * Upcasters turn the data of an old stored event into the current shape, keyed by event type.
 * Stored events are never rewritten; they are read through these.
 */
const upcasters = new Map<string, (data: unknown) => unknown>([['BookingPlaced', upcastBookingPlaced]]);

export class UnknownEventTypeError extends Error {
  constructor(readonly eventType: string) {
    super(`Unknown event type ${eventType}`);
  }
}

/** Validates (and upcasts) a recorded event. Throws on an unknown type or data that breaks its schema. */
export function toDomainEvent(event: RecordedEvent): RecordedDomainEvent {
  const schema = schemaByType.get(event.type);
  if (!schema) throw new UnknownEventTypeError(event.type);
  const upcast = upcasters.get(event.type);
  const data = schema.parse(upcast ? upcast(event.data) : event.data);
  // Written out rather than spread: this runs for every event a projection reads, and a literal costs less.
  const { id, streamName, revision, position, type, metadata, recordedAt } = event;
  return { id, streamName, revision, position, type, data, metadata, recordedAt } as RecordedDomainEvent;
}

/** Validates an event about to be appended, so that nothing malformed ever reaches the log. */
export function validateDomainEvent<E extends DomainEvent>(event: E): E {
  const schema = schemaByType.get(event.type);
  if (!schema) throw new UnknownEventTypeError(event.type);
  return { type: event.type, data: schema.parse(event.data) } as E;
}
