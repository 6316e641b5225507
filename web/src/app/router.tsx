import { isValidElement, lazy } from 'react';
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireRole } from '../features/auth/components/require-role';
import { RootLayout } from './layout/root-layout';
import { lazyPage, type LazyPage } from './lazy-page';
import type { AdminSection } from './routes/admin/admin-area';
import type { OrganizationSection } from './routes/organization/organization-area';

// Every page loads on demand with the texts it shows: a visitor's first page carries only the shell (header,
// footer, providers) and its own code; the payment machine and the staff areas never load on the public pages.
const HomeRoute = lazyPage(() => import('./routes/home').then((module) => module.HomeRoute), ['courses']);
const CourseSearchPage = lazyPage(
  () => import('../features/courses/components/course-search-page').then(async (module) => {
    await module.preloadForScreen();
    return module.CourseSearchPage;
  }),
  ['courses'],
);
const CourseDetailRoute = lazyPage(() => import('./routes/course-detail').then((module) => module.CourseDetailRoute), ['courses', 'waitingList']);
const CheckoutRoute = lazyPage(() => import('./routes/checkout').then((module) => module.CheckoutRoute), ['checkout']);
const MovePaymentRoute = lazyPage(() => import('./routes/move-payment').then((module) => module.MovePaymentRoute), ['checkout']);
const PaymentSuccessRoute = lazyPage(() => import('./routes/payment-success').then((module) => module.PaymentSuccessRoute), ['checkout']);
const ProfileRoute = lazyPage(() => import('./routes/profile').then((module) => module.ProfileRoute), ['account']);
const DashboardRoute = lazyPage(() => import('./routes/dashboard').then((module) => module.DashboardRoute), ['dashboard', 'courses', 'waitingList']);
const HowItWorksPage = lazyPage(() => import('../features/content/components/how-it-works-page').then((module) => module.HowItWorksPage), ['content']);
const FaqPage = lazyPage(() => import('../features/content/components/faq-page').then((module) => module.FaqPage), ['content']);
const ContactPage = lazyPage(() => import('../features/content/components/contact-page').then((module) => module.ContactPage), ['content']);
const LegalDocumentPage = lazyPage(() => import('../features/content/components/legal-document-page').then((module) => module.LegalDocumentPage), ['content']);
const ForgotPasswordPage = lazyPage(() => import('../features/auth/components/forgot-password-page').then((module) => module.ForgotPasswordPage));
const VerifyEmailRoute = lazyPage(() => import('./routes/account-flows').then((module) => module.VerifyEmailRoute));
const ResetPasswordRoute = lazyPage(() => import('./routes/account-flows').then((module) => module.ResetPasswordRoute));
const ResendVerificationRoute = lazyPage(() => import('./routes/account-flows').then((module) => module.ResendVerificationRoute));
const NotFoundRoute = lazyPage(() => import('./routes/not-found').then((module) => module.NotFoundRoute));
// The staff areas load their own texts with their code.
const AdminArea = lazy(() => import('./routes/admin/admin-area'));
const OrganizationArea = lazy(() => import('./routes/organization/organization-area'));

const adminRoutes: Array<[string, AdminSection]> = [
  ['/admin', 'admin'],
  ['/admin/courses', 'adminCourses'],
  ['/admin/bookings', 'adminBookings'],
  ['/admin/payments', 'adminPayments'],
  ['/admin/statements', 'adminStatements'],
  ['/admin/organizations', 'adminOrganizations'],
  ['/admin/users', 'adminUsers'],
  ['/admin/reports', 'adminReports'],
];

const organizationRoutes: Array<[string, OrganizationSection]> = [
  ['/organization', 'organization'],
  ['/organization/courses', 'organizationCourses'],
  ['/organization/courses/batch', 'organizationCoursesBatch'],
  ['/organization/courses/:id/attendance', 'organizationAttendance'],
  ['/organization/bookings', 'organizationBookings'],
  ['/organization/statements', 'organizationStatements'],
  ['/organization/profile', 'organizationProfile'],
  ['/organization/reports', 'organizationReports'],
];

/** Every route of the specification's table (000 §2). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/courses', element: <CourseSearchPage /> },
      { path: '/courses/:id', element: <CourseDetailRoute /> },
      { path: '/checkout/:bookingId', element: <CheckoutRoute /> },
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/payment-success', element: <PaymentSuccessRoute /> },
      { path: '/bookings/:bookingId/move/pay', element: <MovePaymentRoute /> },
      { path: '/how-it-works', element: <HowItWorksPage /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/dashboard', element: <DashboardRoute /> },
      { path: '/profile', element: <ProfileRoute /> },
      { path: '/verify-email', element: <VerifyEmailRoute /> },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/resend-verification', element: <ResendVerificationRoute /> },
      { path: '/legal-notice', element: <LegalDocumentPage document="legalNotice" /> },
      { path: '/privacy-policy', element: <LegalDocumentPage document="privacyPolicy" /> },
      { path: '/terms-and-conditions', element: <LegalDocumentPage document="terms" /> },
      { path: '/cookies', element: <LegalDocumentPage document="cookies" /> },
      ...adminRoutes.map(([path, section]) => ({
        path,
        element: (
          <RequireRole role="ADMIN">
            <AdminArea section={section} />
          </RequireRole>
        ),
      })),
      ...organizationRoutes.map(([path, section]) => ({
        path,
        element: (
          <RequireRole role="ORGANIZATION">
            <OrganizationArea section={section} />
          </RequireRole>
        ),
      })),
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** Fetches the code and texts of the page at `location` (the first one shown), so that it renders without suspending. */
export function preloadPage(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  const pages = matches.map((match) => match.route.element).filter(isValidElement);
  return Promise.all(pages.map((element) => (element.type as Partial<LazyPage<object>>).preload?.())).then(() => undefined);
}
