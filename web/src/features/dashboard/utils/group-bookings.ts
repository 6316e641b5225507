import type { Booking } from '../api/booking-queries';

type GroupedBookings = { upcoming: Booking[]; history: Booking[] };

/** Upcoming: the course starts later and the booking is not cancelled. Everything else is history. */
function isUpcomingBooking(booking: Pick<Booking, 'status' | 'course'>, now: Date): boolean {
  return booking.status !== 'CANCELLED' && new Date(booking.course.startDate).getTime() > now.getTime();
}

export function groupBookings(bookings: readonly Booking[], now: Date): GroupedBookings {
  const start = (booking: Booking) => new Date(booking.course.startDate).getTime();
  const upcoming = bookings.filter((booking) => isUpcomingBooking(booking, now)).sort((a, b) => start(a) - start(b));
  const history = bookings.filter((booking) => !isUpcomingBooking(booking, now)).sort((a, b) => start(b) - start(a));
  return { upcoming, history };
}
