import { lazy, useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { RequireRole } from '../features/auth/components/require-role';
import { CourseSearchPage } from '../features/courses/components/course-search-page';
import { RootLayout } from './layout/root-layout';
import type { AdminSection } from './routes/admin/admin-area';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { ResendVerificationRoute, ResetPasswordRoute, VerifyEmailRoute } from './routes/account-flows';
import { CourseDetailRoute } from './routes/course-detail';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import type { OrganizationSection } from './routes/organization/organization-area';

// Signed-in screens load on demand, so the public pages carry neither the payment machine nor the staff areas.
const CheckoutRoute = lazy(() => import('./routes/checkout').then((module) => ({ default: module.CheckoutRoute })));
const PaymentSuccessRoute = lazy(() => import('./routes/payment-success').then((module) => ({ default: module.PaymentSuccessRoute })));
const ProfileRoute = lazy(() => import('./routes/profile').then((module) => ({ default: module.ProfileRoute })));
const DashboardRoute = lazy(() => import('./routes/dashboard').then((module) => ({ default: module.DashboardRoute })));
const AdminArea = lazy(() => import('./routes/admin/admin-area'));
const OrganizationArea = lazy(() => import('./routes/organization/organization-area'));
// The content pages load on demand as well: their accordions and the contact form stay out of the home page's bundle.
const HowItWorksPage = lazy(() => import('../features/content/components/how-it-works-page').then((module) => ({ default: module.HowItWorksPage })));
const FaqPage = lazy(() => import('../features/content/components/faq-page').then((module) => ({ default: module.FaqPage })));
const ContactPage = lazy(() => import('../features/content/components/contact-page').then((module) => ({ default: module.ContactPage })));
const LegalDocumentPage = lazy(() => import('../features/content/components/legal-document-page').then((module) => ({ default: module.LegalDocumentPage })));

const adminRoutes: Array<[string, AdminSection]> = [
  ['/admin', 'admin'],
  ['/admin/courses', 'adminCourses'],
  ['/admin/bookings', 'adminBookings'],
  ['/admin/payments', 'adminPayments'],
  ['/admin/organizations', 'adminOrganizations'],
  ['/admin/users', 'adminUsers'],
];

const organizationRoutes: Array<[string, OrganizationSection]> = [
  ['/organization', 'organization'],
  ['/organization/courses', 'organizationCourses'],
  ['/organization/courses/batch', 'organizationCoursesBatch'],
  ['/organization/bookings', 'organizationBookings'],
  ['/organization/profile', 'organizationProfile'],
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

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
