import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransferOptionsDto, TransferOptionDto } from '@recup/query-api/contracts/moves';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { aBooking, aCourse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { MoveBookingDialog } from '../../../components/booking-move/move-booking-dialog';
import { BookingCard } from './booking-card';

const now = new Date('2099-04-02T12:05:00.000Z');
const earns = { earnsPoints: true, eligibleFrom: null, previousCourse: null, coursesLosingPoints: [] };
const option = (id: string, overrides: Partial<TransferOptionDto> = {}): TransferOptionDto => ({
  course: aCourse({ id, title: 'Aix-en-Provence', titleEn: 'Aix-en-Provence', city: 'Aix-en-Provence', department: '13', startDate: '2099-05-15T06:00:00.000Z', endDate: '2099-05-16T15:00:00.000Z', distanceKm: 12.4, spotsLeft: 3 }),
  sameDepartment: true, priceAfter: 24_900, money: { kind: 'none' }, pointsEligibility: earns, earlyStartRequired: false, ...overrides,
});
const options: TransferOptionsDto = {
  booking: {
    id: 'b1', reference: 'RP-0001', price: 24_900, paidOnline: true, movable: true, lastDay: '2099-05-02', learnerCase: null,
    course: { id: 'c1', title: 'Toulon', titleEn: 'Toulon', city: 'Toulon', startDate: '2099-05-09T06:00:00.000Z', endDate: '2099-05-10T15:00:00.000Z', department: '83', postalCode: '83000' },
  },
  options: [
    option('same'),
    option('cheaper', { priceAfter: 21_900, money: { kind: 'refund', amount: 3_000 }, course: aCourse({ id: 'cheaper', title: 'Arles', titleEn: 'Arles', city: 'Arles', startDate: '2099-05-22T06:00:00.000Z', endDate: '2099-05-23T15:00:00.000Z', distanceKm: 140 }) }),
    option('dearer', {
      priceAfter: 28_900, money: { kind: 'pay', amount: 4_000 },
      course: aCourse({ id: 'dearer', title: 'Nice', titleEn: 'Nice', city: 'Nice', department: '06', startDate: '2099-05-29T06:00:00.000Z', endDate: '2099-05-30T15:00:00.000Z', distanceKm: 130 }),
      sameDepartment: false,
      pointsEligibility: { earnsPoints: false, eligibleFrom: '2099-09-01', previousCourse: { id: 'old', title: 'Gap', titleEn: 'Gap', city: 'Gap', startDate: '2098-08-30T06:00:00.000Z', endDate: '2098-08-31T15:00:00.000Z' }, coursesLosingPoints: [] },
    }),
  ],
};

function renderCard(answer: Record<string, unknown>, answered: TransferOptionsDto = options) {
  const { requests } = stubFetch(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/bookings/b1/transfer-options') return json(200, answered);
    if (method === 'POST' && url.pathname === '/api/bookings/b1/transfer') return json(200, answer);
    return json(200, []);
  });
  renderWithProviders(<BookingCard booking={aBooking({ move: { allowed: true, lastDay: '2099-05-02', pending: null } })} now={now} />);
  return { requests };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

describe('changing the date from the dashboard', () => {
  it('says until when, lists the courses with their distance, weekday dates and price difference, and moves at the same price', async () => {
    const { requests } = renderCard({ bookingId: 'b1', status: 'MOVED', courseId: 'same', priceBefore: 24_900, priceAfter: 24_900, refund: null, payment: null });
    expect(screen.getByTestId('booking-move-until')).toHaveTextContent('Changement de date possible jusqu’au samedi 2 mai 2099 inclus.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Changer de date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer de date' });
    const items = await within(dialog).findAllByTestId('move-option');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Aix-en-Provence (13)');
    expect(items[0]).toHaveTextContent('vendredi 15 – samedi 16 mai 2099');
    expect(items[0]).toHaveTextContent('à 12 km');
    expect(items[0]).toHaveTextContent('Même prix');
    expect(items[1]).toHaveTextContent(/30,00\s€ remboursés/u);
    expect(items[2]).toHaveTextContent(/40,00\s€ à payer/u);
    expect(items[2]).toHaveTextContent('Pas de points à cette date');

    await user.click(items[0]!);
    expect(await within(dialog).findByTestId('move-money')).toHaveTextContent('Le prix est le même : rien à payer, rien à rembourser.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le changement' }));
    expect(await screen.findByText('Date changée')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/bookings/b1/transfer');
    expect(post?.body).toEqual({ courseId: 'same' });
  });

  it('says what a cheaper course refunds, and what a dearer one costs now, with the points warning at the new date, in English too', async () => {
    await i18next.changeLanguage('en');
    renderCard({});
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change date' });
    const items = await within(dialog).findAllByTestId('move-option');
    await user.click(items[1]!);
    expect(await within(dialog).findByTestId('move-money')).toHaveTextContent(/The new course is cheaper: €30\.00 will be refunded on the card you used\./u);
    await user.click(within(dialog).getByRole('button', { name: 'Back to the list' }));
    await user.click((await within(dialog).findAllByTestId('move-option'))[2]!);
    expect(await within(dialog).findByTestId('move-money')).toHaveTextContent(/you pay the difference of €40\.00 by card now/u);
    expect(within(dialog).getByTestId('points-eligibility-warning')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay €40.00 by card' })).toBeEnabled();
  });

  it('shows a move waiting for its difference, with the way to pay it', () => {
    stubFetch(() => json(200, []));
    renderWithProviders(
      <BookingCard
        now={now}
        booking={aBooking({
          move: {
            allowed: true, lastDay: '2099-05-02',
            pending: { courseId: 'dearer', amount: 4_000, holdExpiresAt: '2099-04-02T12:35:00.000Z', course: { id: 'dearer', title: 'Nice', titleEn: 'Nice', city: 'Nice', startDate: '2099-05-29T06:00:00.000Z', endDate: '2099-05-30T15:00:00.000Z' } },
          },
        })}
      />,
    );
    expect(screen.getByTestId('booking-move-pending')).toHaveTextContent(/Changement vers Nice \(vendredi 29 – samedi 30 mai 2099\) en attente : payez la différence de 40,00\s€ avant 14h35\./u);
    expect(screen.getByRole('link', { name: 'Payer la différence' })).toHaveAttribute('href', '/bookings/b1/move/pay');
    expect(screen.queryByRole('button', { name: 'Changer de date' })).toBeNull();
  });

  it('says where a moved booking came from, and when the date can no longer be changed online', () => {
    stubFetch(() => json(200, []));
    renderWithProviders(
      <BookingCard
        now={now}
        booking={aBooking({
          movedFrom: [{ courseId: 'c0', movedAt: '2099-03-20T10:00:00.000Z', by: 'centre', priceBefore: 24_900, priceAfter: 24_900, course: { id: 'c0', title: 'Arles', titleEn: 'Arles', city: 'Arles', startDate: '2099-04-18T06:00:00.000Z', endDate: '2099-04-19T15:00:00.000Z' } }],
          move: { allowed: false, lastDay: '2099-05-02', pending: null },
        })}
      />,
    );
    expect(screen.getByTestId('booking-moved')).toHaveTextContent('Date changée le 20 mars 2099 (auparavant : Arles, samedi 18 – dimanche 19 avril 2099).');
    expect(screen.getByTestId('booking-move-until')).toHaveTextContent('Le changement de date n’est plus possible en ligne : contactez le centre.');
  });

  describe('for a learner who received a 48N letter', () => {
    // Letter received on 20 January 2099: the course must end by 20 May 2099. "same" ends on 16 May, "cheaper" on 23 May.
    const probation: TransferOptionsDto = { ...options, booking: { ...options.booking, learnerCase: { case: 'PROBATION_48N', letterReceivedOn: '2099-01-20' } } };

    it('counts the four months to the new course’s end: the courses ending too late are marked, and the confirmation says so', async () => {
      renderCard({}, probation);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Changer de date' }));
      const dialog = await screen.findByRole('dialog', { name: 'Changer de date' });
      const items = await within(dialog).findAllByTestId('move-option');
      expect(within(items[0]!).queryByTestId('move-option-late-48n')).toBeNull();
      expect(within(items[1]!).getByTestId('move-option-late-48n')).toHaveTextContent('Se termine après les 4 mois de votre lettre 48N : amende non remboursée');
      expect(within(items[2]!).getByTestId('move-option-late-48n')).toBeInTheDocument();

      await user.click(items[1]!);
      expect(await within(dialog).findByTestId('learner-case-notice')).toHaveTextContent('Ce stage se termine trop tard pour le remboursement de votre amende');
      expect(within(dialog).getByTestId('learner-case-notice')).toHaveTextContent(/au plus tard le mercredi 20 mai 2099/u);
      await user.click(within(dialog).getByRole('button', { name: 'Retour à la liste' }));
      await user.click((await within(dialog).findAllByTestId('move-option'))[0]!);
      expect(await within(dialog).findByTestId('learner-case-notice')).toHaveTextContent('Ce stage se termine dans les 4 mois : votre amende vous sera remboursée');
    });

    it('tells a centre moving the learner, in English too, when the new course would end after the learner’s four months', async () => {
      await i18next.changeLanguage('en');
      stubFetch(({ url }) => json(200, url.pathname === '/api/bookings/b1/transfer-options' ? probation : []));
      renderWithProviders(<MoveBookingDialog bookingId="b1" viewer="centre" learnerName="Léa Martin" onClose={() => {}} />);
      const items = await screen.findAllByTestId('move-option');
      expect(within(items[1]!).getByTestId('move-option-late-48n')).toHaveTextContent('Ends after the 4 months of the learner’s 48N letter');
      const user = userEvent.setup();
      await user.click(items[1]!);
      expect(await screen.findByTestId('learner-case-notice')).toHaveTextContent(/This course ends after Wednesday, (20 May|May 20), 2099, the end of the 4 months of the learner’s 48N letter/u);
      await user.click(screen.getByRole('button', { name: 'Back to the list' }));
      await user.click((await screen.findAllByTestId('move-option'))[0]!);
      await screen.findByTestId('move-money');
      expect(screen.queryByTestId('learner-case-notice')).toBeNull();
    });
  });

  describe('moved by a centre or an administrator', () => {
    it('says a course that earns no points earns none for the learner, not for the one moving them, in both languages', async () => {
      stubFetch(({ url }) => json(200, url.pathname === '/api/bookings/b1/transfer-options' ? options : []));
      renderWithProviders(<MoveBookingDialog bookingId="b1" viewer="centre" learnerName="Léa Martin" onClose={() => {}} />);
      const user = userEvent.setup();
      await user.click((await screen.findAllByTestId('move-option'))[2]!);
      const warning = await screen.findByTestId('points-eligibility-warning');
      expect(warning).toHaveTextContent('Ce stage ne fera pas récupérer de points au stagiaire');
      expect(warning).toHaveTextContent('Il commence moins d’un an après son stage à Gap');
      expect(warning).not.toHaveTextContent(/\bvous fera\b|\bvotre stage\b/u);
      await i18next.changeLanguage('en');
      expect(await screen.findByText('This course will not give the learner points back')).toBeInTheDocument();
      expect(screen.getByTestId('points-eligibility-warning')).toHaveTextContent('It starts less than a year after their course in Gap');
    });

    it('lets the keyboard reach the confirmation’s text, which scrolls on a phone', async () => {
      stubFetch(({ url }) => json(200, url.pathname === '/api/bookings/b1/transfer-options' ? options : []));
      renderWithProviders(<MoveBookingDialog bookingId="b1" viewer="admin" learnerName="Léa Martin" onClose={() => {}} />);
      const user = userEvent.setup();
      await user.click((await screen.findAllByTestId('move-option'))[0]!);
      await screen.findByTestId('move-money');
      const content = screen.getByTestId('move-money').closest('.MuiDialogContent-root');
      expect(content).toHaveAttribute('tabindex', '0');
    });
  });
});
