import { describe, expect, it } from 'vitest';
import { quickLinks } from './quick-links';

const highlighted = (stats: { recentBookings: number; pendingOrganizations: number; pendingRefunds: number }) =>
  quickLinks(stats).filter((link) => link.highlighted).map((link) => link.key);

describe('the admin home’s quick links', () => {
  it('highlight courses and bookings when bookings came in recently', () => {
    expect(highlighted({ recentBookings: 1, pendingOrganizations: 0, pendingRefunds: 0 })).toEqual(['courses', 'bookings']);
  });
  it('highlight centres when some wait for approval, payments when refunds are pending', () => {
    expect(highlighted({ recentBookings: 0, pendingOrganizations: 2, pendingRefunds: 1 })).toEqual(['organizations', 'payments']);
  });
  it('highlight nothing on a quiet day, and link to every area', () => {
    expect(highlighted({ recentBookings: 0, pendingOrganizations: 0, pendingRefunds: 0 })).toEqual([]);
    expect(quickLinks(undefined).map((link) => link.to)).toEqual(['/admin/courses', '/admin/bookings', '/admin/organizations', '/admin/payments', '/admin/users']);
  });
});
