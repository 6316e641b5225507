import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streams } from '@recup/shared-events';
import { AdminRefundResponse } from '../contracts';
import { signedInActor } from '../core/actor';
import { readState } from '../core/decider';
import type { CommandApiDeps } from '../deps';
import { paymentDecider } from './payment-decider';
import { PaymentAlreadyRefunded, PaymentNotFound, PaymentNotRefundable, RefundAlreadyRequested } from './payment-errors';
import { refundPayment } from './refund-payment';

export const ADMIN_REFUND_REASON = 'refunded by an administrator';

/** An administrator refunds a SUCCEEDED payment in full, once (spec 001 §4), through the same refund path as cancellations. */
export async function adminPaymentRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/admin/payments/:id/refund', { schema: { params: z.object({ id: z.uuid() }), response: { 200: AdminRefundResponse } } }, async (request) => {
    const { metadata } = signedInActor(request, deps, ['ADMIN']);
    const paymentId = request.params.id;
    const { state } = await readState(deps.eventStore, streams.payment(paymentId), paymentDecider);
    if (state.status === 'absent') throw new PaymentNotFound();
    if (state.status === 'REFUNDED') throw new PaymentAlreadyRefunded();
    if (state.refundDue) throw new RefundAlreadyRequested();
    if (state.status !== 'SUCCEEDED') throw new PaymentNotRefundable(state.status);
    const refunded = await refundPayment(deps, paymentId, ADMIN_REFUND_REASON, metadata);
    request.eventPosition = refunded.position;
    return { id: paymentId, bookingId: state.bookingId, refund: refunded.status };
  });
}
