import type { Clock, IdGenerator } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { SessionOptions } from '@recup/infra/http/sessions';
import type { EmbeddedTestGateway } from '@recup/infra/payments/embedded-test-gateway';
import type { PaymentGateway } from '@recup/infra/payments/port';

export interface CommandApiDeps {
  eventStore: EventStore;
  payments: PaymentGateway;
  /** Set in the embedded mode: the browser confirms test cards through its routes. */
  testGateway?: EmbeddedTestGateway;
  sessions: SessionOptions;
  clock: Clock;
  ids: IdGenerator;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Global position of the last event this command appended, or read when it changed nothing. */
    eventPosition: number;
  }
}
