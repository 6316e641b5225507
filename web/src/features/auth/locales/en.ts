import type { Translations } from '../../../lib/translations';
import type { authFr } from './fr';

export const authEn: Translations<typeof authFr> = {
  login: 'Sign in',
  register: 'Sign up',
  logout: 'Sign out',
  account: {
    menu: 'Account menu of {{name}}',
    signedInAs: 'Signed in as {{email}}',
    dashboard: 'My dashboard',
    profile: 'My profile',
    admin: 'Dashboard',
    adminCourses: 'Courses',
    adminBookings: 'Bookings',
    adminOrganizations: 'Training centres',
    adminPayments: 'Payments',
    adminUsers: 'Users',
    organization: 'Centre dashboard',
    organizationCourses: 'My courses',
    organizationBookings: 'Bookings',
    organizationProfile: 'Centre profile',
  },
  modal: {
    tabs: 'Sign in or sign up',
    close: 'Close',
    loginTitle: 'Sign in to your account',
  },
  form: {
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    forgotPassword: 'Forgot password?',
  },
  validation: {
    email: 'Please enter a valid email address',
    password: 'Password must be at least 6 characters',
  },
  registerSoon: {
    title: 'Registration opens soon',
    body: 'Online account creation opens very soon. Already have an account? Sign in.',
    toLogin: 'I already have an account',
  },
  toast: {
    loginSuccessTitle: 'Signed in',
    loginSuccess: 'Welcome!',
    loginErrorTitle: 'Sign-in failed',
    loginError: 'Incorrect email or password',
    notVerifiedTitle: 'Email not verified',
    notVerified: 'Your email has not been verified. Please check your inbox.',
    logoutSuccessTitle: 'Signed out',
    logoutSuccess: 'You have been signed out',
    logoutErrorTitle: 'Sign-out failed',
    emailRequiredTitle: 'Email required',
    emailRequired: 'Please enter your email address',
    forgotSoonTitle: 'Coming soon',
    forgotSoon: 'Password reset will be available soon.',
  },
};
