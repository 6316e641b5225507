/**
 * The command API's requests and answers, as zod schemas. Pure: the web imports these, and uses the
 * request schemas to validate its forms.
 */
import { z } from 'zod';

/** Every error answer: `application/problem+json`. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  /** Stable, for programs: `NO_SPOTS_LEFT`, `ALREADY_BOOKED`, `VALIDATION_FAILED`, ... */
  code: z.string(),
  /** For people, in the caller's language (Accept-Language). */
  message: z.string(),
  /** The invalid field, for validation errors. */
  field: z.string().optional(),
  /** Set on a sign-in refused because the e-mail address is not verified yet. */
  requiresVerification: z.boolean().optional(),
});
export type Problem = z.infer<typeof Problem>;

export const LoginRequest = z.object({
  email: z.string().trim().pipe(z.email()),
  password: z.string().min(6),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const PlaceBookingRequest = z.object({ courseId: z.string().min(1) });
export type PlaceBookingRequest = z.infer<typeof PlaceBookingRequest>;

export const PlaceBookingResponse = z.object({
  id: z.string(),
  bookingReference: z.string(),
  status: z.literal('PENDING'),
  courseId: z.string(),
  /** Where the browser goes next: the checkout of this booking. */
  redirectUrl: z.string(),
});
export type PlaceBookingResponse = z.infer<typeof PlaceBookingResponse>;

export const PaymentIntentResponse = z.object({
  paymentId: z.string(),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  /** `test`: the built-in test gateway's card form; `stripe`: Stripe Elements with `publishableKey`. */
  provider: z.enum(['test', 'stripe']),
  publishableKey: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  booking: z.object({ id: z.string(), bookingReference: z.string(), status: z.string() }),
  course: z.object({
    id: z.string(),
    title: z.string(),
    titleEn: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    city: z.string(),
    postalCode: z.string(),
    price: z.number().int(),
  }),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponse>;

export const ConfirmPaymentRequest = z.object({ paymentIntentId: z.string().min(1) });
export type ConfirmPaymentRequest = z.infer<typeof ConfirmPaymentRequest>;

export const ConfirmPaymentResponse = z.object({
  bookingId: z.string(),
  bookingStatus: z.enum(['PENDING', 'CONFIRMED', 'CANCELLED', 'COMPLETED']),
  paymentStatus: z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED']),
});
export type ConfirmPaymentResponse = z.infer<typeof ConfirmPaymentResponse>;
