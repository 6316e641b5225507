import { accountEn } from '../features/account/locales/en';
import { accountFr } from '../features/account/locales/fr';
import { authEn } from '../features/auth/locales/en';
import { authFr } from '../features/auth/locales/fr';
import { checkoutEn } from '../features/checkout/locales/en';
import { checkoutFr } from '../features/checkout/locales/fr';
import { contentEn } from '../features/content/locales/en';
import { contentFr } from '../features/content/locales/fr';
import { coursesEn } from '../features/courses/locales/en';
import { coursesFr } from '../features/courses/locales/fr';
import { dashboardEn } from '../features/dashboard/locales/en';
import { dashboardFr } from '../features/dashboard/locales/fr';
import { waitingListEn } from '../features/waiting-list/locales/en';
import { waitingListFr } from '../features/waiting-list/locales/fr';
import { commonEn } from '../locales/en';
import { commonFr } from '../locales/fr';

export const resources = {
  fr: { common: commonFr, auth: authFr, courses: coursesFr, checkout: checkoutFr, dashboard: dashboardFr, account: accountFr, content: contentFr, waitingList: waitingListFr },
  en: { common: commonEn, auth: authEn, courses: coursesEn, checkout: checkoutEn, dashboard: dashboardEn, account: accountEn, content: contentEn, waitingList: waitingListEn },
} as const;

export const namespaces = ['common', 'auth', 'courses', 'checkout', 'dashboard', 'account', 'content', 'waitingList'] as const;
