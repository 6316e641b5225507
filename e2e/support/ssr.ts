import { expect, type Page } from '@playwright/test';

const WRITE = { 'x-requested-with': 'recup-points' };
type StoredMail = { links: string[] };

/** A new learner of this test's own: registered, verified through the e-mailed link, signed in (the page's cookies). */
export async function freshLearnerOn(page: Page, tag: string, password = 'learner-secret-1'): Promise<string> {
  const email = `e2e-${tag}-${Date.now()}@example.test`;
  const registered = await page.request.post('/api/auth/register', {
    headers: WRITE,
    data: {
      email, password, title: 'MRS', firstName: 'Camille', lastName: 'Durand', dateOfBirth: '1990-05-14', countryOfBirth: 'FR', placeOfBirth: 'Marseille',
      address: '3 rue de Rome', addressDetails: '', postalCode: '13001', city: 'Marseille', country: 'FR', phoneNumber: '0611223344', landlinePhone: null, licenseNumber: '123456789012', language: 'FR',
    },
  });
  expect(registered.status(), await registered.text()).toBe(202);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`)).json()) as StoredMail[];
      link = mails.flatMap((mail) => mail.links).find((candidate) => candidate.includes('/verify-email?'));
      return link;
    })
    .toBeTruthy();
  const token = new URL(link!).searchParams.get('token')!;
  expect((await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).ok()).toBe(true);
  expect((await page.request.post('/api/auth/login', { headers: WRITE, data: { email, password } })).ok()).toBe(true);
  return email;
}
