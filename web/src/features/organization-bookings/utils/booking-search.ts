import type { CentreBooking } from '../api/booking-queries';

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Spec 001 §5: the search matches the participant's first name, last name, e-mail and the booking reference, whatever the case (and accents). */
export function matchesSearch(booking: CentreBooking, search: string): boolean {
  const words = fold(search).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold([booking.user.firstName, booking.user.lastName, booking.user.email, booking.bookingReference].join(' '));
  return words.every((word) => haystack.includes(word));
}
