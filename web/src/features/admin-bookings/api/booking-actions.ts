import { z } from 'zod';
import { api } from '../../../lib/api-client';

const CancelResponse = z.object({ bookingId: z.string(), status: z.literal('CANCELLED'), refundDue: z.boolean(), refund: z.enum(['REFUNDED', 'PENDING', 'NONE']) });

/** An administrator cancels a CONFIRMED booking: refunded automatically when it was paid (spec 001 §4). */
export const cancelBooking = (id: string) => api.post(`/api/bookings/${encodeURIComponent(id)}/cancel`, { schema: CancelResponse });

/** An administrator deletes a PENDING booking for good. */
export const deleteBooking = (id: string) => api.delete(`/api/admin/bookings/${encodeURIComponent(id)}`);
