/**
 * The centre records the money it received for a booking it confirmed unpaid ("to be paid at the centre").
 * Pure: the web imports these for its dialog.
 */
import { z } from 'zod';
import { CentrePaymentMethod } from '@recup/shared-events/events/booking-events';
import { IsoDay } from '@recup/shared-events/primitives';

export { CentrePaymentMethod };

/** `POST /api/bookings/{id}/payment-received`: how the money came, and on which day (YYYY-MM-DD). */
export const RecordCentrePaymentRequest = z.object({ method: CentrePaymentMethod, receivedOn: IsoDay }).strict();
export type RecordCentrePaymentRequest = z.input<typeof RecordCentrePaymentRequest>;

export const RecordCentrePaymentResponse = z.object({
  bookingId: z.string(),
  paidAtCentre: z.object({ method: CentrePaymentMethod, receivedOn: z.string(), amount: z.number().int() }),
});
export type RecordCentrePaymentResponse = z.infer<typeof RecordCentrePaymentResponse>;
