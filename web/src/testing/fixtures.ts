import type { PaymentIntentResponse } from '@recup/command-api/contracts';
import type { BookingDto, CourseDto, CurrentUserDto, ProfileDto } from '@recup/query-api/contracts';

export function aUser(role: CurrentUserDto['role'] = 'USER'): CurrentUserDto {
  return { id: 'u1', email: 'marie@example.fr', firstName: 'Marie', lastName: 'Curie', role, language: 'FR' };
}

export function aProfile(overrides: Partial<ProfileDto> = {}): ProfileDto {
  return {
    id: 'u1',
    email: 'marie@example.fr',
    role: 'USER',
    isVerified: true,
    title: 'MRS',
    firstName: 'Marie',
    lastName: 'Curie',
    dateOfBirth: '1990-03-15',
    countryOfBirth: 'PL',
    placeOfBirth: 'Varsovie',
    address: '12 rue des Lilas',
    addressDetails: null,
    postalCode: '83000',
    city: 'Toulon',
    country: 'FR',
    phoneNumber: '0612345678',
    landlinePhone: null,
    licenseNumber: null,
    language: 'FR',
    ...overrides,
  };
}

export function aCourse(overrides: Partial<CourseDto> = {}): CourseDto {
  return {
    id: 'c1',
    title: 'Toulon',
    titleEn: 'Toulon',
    description: 'Stage agréé',
    descriptionEn: 'Approved course',
    address: '12 avenue de la République',
    postalCode: '83000',
    city: 'Toulon',
    department: '83',
    startDate: '2099-05-09T06:00:00.000Z',
    endDate: '2099-05-10T15:00:00.000Z',
    price: 24_900,
    spotsLeft: 8,
    totalSpots: 20,
    waitingCount: 0,
    antsNumber: 'R2308300010',
    organization: { id: 'o1', name: 'Centre Var Sécurité', prefectApprovalReference: 'R1308300021' },
    status: 'SCHEDULED',
    distanceKm: null,
    refundCutoffHours: 72,
    waitlistOfferHours: 24,
    ...overrides,
  };
}

export function aBooking(overrides: Partial<BookingDto> = {}): BookingDto {
  return {
    id: 'b1',
    bookingReference: 'RP-0001',
    reference: 'RP-0001',
    status: 'CONFIRMED',
    createdAt: '2099-01-01T00:00:00.000Z',
    price: 24_900,
    course: {
      id: 'c1',
      title: 'Toulon',
      titleEn: 'Toulon',
      startDate: '2099-05-09T06:00:00.000Z',
      endDate: '2099-05-10T15:00:00.000Z',
      address: '12 avenue de la République',
      postalCode: '83000',
      city: 'Toulon',
      organization: { name: 'Centre Var Sécurité' },
    },
    user: { firstName: 'Marie', lastName: 'Curie', email: 'marie@example.fr', phoneNumber: null, licenseNumber: null },
    invoice: null,
    cancellation: { allowed: false, refundDue: false },
    payment: null,
    pointsEligibility: { earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [] },
    holdExpiresAt: null,
    ending: null,
    movedFrom: [],
    move: { allowed: false, lastDay: null, pending: null },
    paidAtCentre: null,
    dueAtCentre: false,
    learnerCase: null,
    attendance: null,
    ...overrides,
  };
}

export function aPaymentIntent(overrides: Partial<PaymentIntentResponse> = {}): PaymentIntentResponse {
  return {
    paymentId: 'pay-1',
    paymentIntentId: 'pi_1',
    clientSecret: 'pi_1_secret',
    provider: 'test',
    publishableKey: null,
    amount: 24_900,
    currency: 'eur',
    booking: { id: 'b1', bookingReference: 'RP-0001', status: 'PENDING' },
    course: {
      id: 'c1',
      title: 'Toulon',
      titleEn: 'Toulon',
      startDate: '2099-05-09T06:00:00.000Z',
      endDate: '2099-05-10T15:00:00.000Z',
      city: 'Toulon',
      postalCode: '83000',
      price: 24_900,
    },
    refund: { cutoffHours: 72, until: '2099-05-06T06:00:00.000Z' },
    // Said already, with every licence detail in the profile: the card is asked for at once.
    learnerCase: { case: 'VOLUNTARY', letterReceivedOn: null },
    missingLicenceDetails: [],
    ...overrides,
  };
}
