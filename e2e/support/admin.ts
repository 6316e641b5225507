import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@demo.test', password: 'demo-password' };
/** Calls that change something carry the header the API requires of the web app. */
export const WRITE = { headers: { 'x-requested-with': 'recup-points' } };

/** Signs the page's browser context in as an account, through the API (the session cookie is the context's). */
export async function signIn(page: Page, account: { email: string; password: string } = ADMIN): Promise<void> {
  const response = await page.request.post('/api/auth/login', { ...WRITE, data: account });
  expect(response.ok(), `sign-in of ${account.email}: ${response.status()}`).toBe(true);
}

/** The interface language, as the visitor's choice kept in localStorage. */
export async function useLanguage(page: Page, language: 'fr' | 'en'): Promise<void> {
  await page.addInitScript((lang) => window.localStorage.setItem('recup-points.language', lang), language);
}

/** Waits until a data grid has loaded its rows (or said it has none). */
export async function gridLoaded(page: Page): Promise<void> {
  await expect(page.locator('.MuiDataGrid-root').first()).toBeVisible();
  await expect(page.locator('.MuiDataGrid-overlay .MuiLinearProgress-root, .MuiDataGrid-loadingOverlay, .MuiDataGrid-root [role="progressbar"]')).toHaveCount(0);
}
