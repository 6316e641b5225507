/**
 * The command API's requests and answers, as zod schemas. Pure: the web imports these, and uses the
 * request schemas to validate its forms.
 */
import { ReadRevision } from '@recup/shared-events/api/profile';
import { z } from 'zod';
import { safeReturnPath } from '@recup/shared-events/api/return-path';
import { LearnerCase, LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
import { IsoDay } from '@recup/shared-events/primitives';
import { PersonName, secretText } from '@recup/shared-events/text/visible-text';
import { OptionalLicenceNumber } from '@recup/shared-events/users/licence-number';
import { LicenceDetail } from './contracts/learner-case';

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
  password: secretText(z.string().min(6)),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const PlaceBookingRequest = z.object({
  courseId: z.string().min(1),
  /** Required (true) for a course that starts within the 14 days of the withdrawal period: the learner asks for that start. */
  earlyStartRequested: z.boolean().optional(),
  /** Why the learner takes the course (the four cases of the law); when absent, the checkout asks it before payment. */
  learnerCase: LearnerCase.optional(),
  /** With PROBATION_48N only: the day (YYYY-MM-DD, Paris) the 48N letter was received. */
  letterReceivedOn: IsoDay.nullish(),
});
export type PlaceBookingRequest = z.infer<typeof PlaceBookingRequest>;

export const PlaceBookingResponse = z.object({
  id: z.string(),
  bookingReference: z.string(),
  status: z.literal('PENDING'),
  courseId: z.string(),
  /** Where the browser goes next: the checkout of this booking. */
  redirectUrl: z.string(),
  /** Unpaid, the booking holds its spot until then. */
  holdExpiresAt: z.string(),
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
  /** The refund rule, stated before the card is asked for: a cancellation until `until` (the start less `cutoffHours`) is refunded. */
  refund: z.object({ cutoffHours: z.number().int(), until: z.string() }),
  /**
   * What the checkout asks before the card, as the command side knows it now: the booking's declared case (null: not
   * declared yet), and the licence details the prefecture needs that the learner's profile lacks.
   */
  learnerCase: LearnerCaseRecord.nullable(),
  missingLicenceDetails: z.array(LicenceDetail),
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

// ── Accounts ────────────────────────────────────────────────────────────────────────────────────────────

const Email = z.string().trim().max(254).pipe(z.email());
const NewPassword = secretText(z.string().min(8).max(128));
/** First and last names: letters (of any script) and their marks, spaces, apostrophes, hyphens. */
const Name = PersonName;
/** Optional free text: blank becomes null. */
const optionalText = (max: number) =>
  z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
const Country = z.string().regex(/^[A-Z]{2}$/, 'Expected a two-letter country code').nullish().transform((v) => v ?? null);
/** A birth date that exists, as YYYY-MM-DD or an ISO date-time; blank becomes null. */
const BirthDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'Expected a date (YYYY-MM-DD)')
  .refine((value) => IsoDay.safeParse(value.slice(0, 10)).success, 'Expected a date that exists (YYYY-MM-DD)')
  .nullish()
  .or(z.literal(''))
  .transform((v) => (v ? v.slice(0, 10) : null));

export const ProfileFields = z.object({
  title: z.enum(['MR', 'MRS']).nullish().transform((v) => v ?? null),
  firstName: Name,
  lastName: Name,
  dateOfBirth: BirthDate,
  countryOfBirth: Country,
  placeOfBirth: optionalText(100),
  address: optionalText(200),
  addressDetails: optionalText(200),
  postalCode: optionalText(10),
  city: optionalText(100),
  country: Country,
  phoneNumber: optionalText(30),
  landlinePhone: optionalText(30),
  /** A French licence number (12 letters and digits, or the 6 to 15 digits of an older paper licence), kept in capitals without spaces. */
  licenseNumber: OptionalLicenceNumber,
  language: z.enum(['FR', 'EN']),
});

/** `POST /api/auth/register` (confirmPassword is checked and removed by the form). */
export const RegisterRequest = ProfileFields.extend({
  email: Email,
  password: NewPassword,
  title: z.enum(['MR', 'MRS']),
  /**
   * Where to come back after verifying the address (the course page that asked for the account): a relative path of
   * our own site. Anything else is ignored, never refused (`safeReturnPath`: no open redirect).
   */
  returnTo: z.string().max(2_000).nullish().transform((value) => safeReturnPath(value) ?? undefined),
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

/**
 * The answer to registration, resend-verification and forgot-password: the same whether or not the address
 * has an account, so that nobody learns who has one. What differs goes by e-mail to the address's owner.
 */
export const AcceptedResponse = z.object({ message: z.string() });
export type AcceptedResponse = z.infer<typeof AcceptedResponse>;

export const EmailRequest = z.object({ email: Email });
export type EmailRequest = z.infer<typeof EmailRequest>;

/** `GET /api/auth/verify-email?token=` */
export const VerifyEmailQuery = z.object({ token: z.string().min(1).max(200) });

export const ResetPasswordRequest = z.object({ token: z.string().min(1).max(200), newPassword: NewPassword });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** `PATCH /api/users/profile`: every profile field; answers the updated profile. */
export const UpdateProfileRequest = ProfileFields.extend({ revision: ReadRevision });
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequest>;

/** `POST /api/users/change-password` */
export const ChangePasswordRequest = z.object({ currentPassword: secretText(z.string().min(1).max(128)), newPassword: NewPassword });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

// ── Administration of users (spec 001 §7) ───────────────────────────────────────────────────────────────

export const RoleName = z.enum(['USER', 'ORGANIZATION', 'ADMIN']);

export const AdminCreateUserRequest = z.object({
  email: Email,
  firstName: Name,
  lastName: Name,
  role: RoleName,
  phoneNumber: optionalText(30),
  language: z.enum(['FR', 'EN']),
  password: NewPassword,
  /** A user created by an admin can skip e-mail confirmation. */
  isVerified: z.boolean().default(true),
});
export type AdminCreateUserRequest = z.input<typeof AdminCreateUserRequest>;

/** Only the fields that changed; the role has its own call. A blank password keeps the old one. */
export const AdminUpdateUserRequest = z
  .object({
    email: Email,
    firstName: Name,
    lastName: Name,
    phoneNumber: optionalText(30),
    language: z.enum(['FR', 'EN']),
    password: z.union([NewPassword, z.literal('')]),
    isVerified: z.boolean(),
    revision: ReadRevision,
  })
  .partial()
  .strict();
export type AdminUpdateUserRequest = z.input<typeof AdminUpdateUserRequest>;

export const AdminChangeRoleRequest = z.object({ role: RoleName });

/** `POST /api/admin/payments/{id}/refund`: REFUNDED when the provider refunded at once, PENDING when it is retried (the refund keeper). */
/** `bookingCancelled`: the refunded payment was a confirmed booking's, which the refund cancelled (its seat released). */
export const AdminRefundResponse = z.object({ id: z.string(), bookingId: z.string(), refund: z.enum(['REFUNDED', 'PENDING']), bookingCancelled: z.boolean() });
export type AdminRefundResponse = z.infer<typeof AdminRefundResponse>;

// ── Audit: a stream's history (administrators) ──────────────────────────────────────────────────────────

/** The aggregates whose history an administrator can read, by stream category. */
export const HistoryCategory = z.enum(['booking', 'payment', 'course', 'user', 'organization']);
export type HistoryCategory = z.infer<typeof HistoryCategory>;

export const HistoryEvent = z.object({
  /** The event's own id: what the `causationId` of the events it caused names. */
  id: z.string(),
  stream: z.string(),
  /** 0-based place of the event in its stream. */
  revision: z.number().int(),
  /** Place in the global log. */
  position: z.number().int(),
  type: z.string(),
  /** When it happened, ISO in UTC, and the same instant in Paris time with its offset. */
  occurredAt: z.string(),
  occurredAtParis: z.string(),
  recordedAt: z.string(),
  actor: z.discriminatedUnion('type', [
    z.object({ type: z.literal('user'), userId: z.string(), role: RoleName }),
    z.object({ type: z.literal('system'), name: z.string() }),
  ]),
  /** The acting account's name (first and last), as its own stream says; null for a process of the system. */
  actorName: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string(),
  /** The event's data, password and token hashes replaced by `[redacted]`. */
  data: z.unknown(),
});
export type HistoryEvent = z.infer<typeof HistoryEvent>;

/** `GET /api/admin/history/{category}/{id}`: the stream's events in order, with those of linked streams (a booking's payments, a payment's booking, their invoice number). */
export const StreamHistoryResponse = z.object({
  category: HistoryCategory,
  id: z.string(),
  streams: z.array(z.string()),
  events: z.array(HistoryEvent),
});
export type StreamHistoryResponse = z.infer<typeof StreamHistoryResponse>;
