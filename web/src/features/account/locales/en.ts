import type { Translations } from '../../../lib/translations';
import type { accountFr } from './fr';

export const accountEn: Translations<typeof accountFr> = {
  title: 'My profile',
  subtitle: 'Your personal details and password',
  backToDashboard: 'Back to dashboard',
  loading: 'Loading your profile…',
  retry: 'Try again',
  details: {
    title: 'Personal details',
    email: 'Email',
    emailHint: 'The email address cannot be changed.',
    save: 'Save changes',
  },
  validation: {
    firstName: 'First name must be at least 2 characters.',
    lastName: 'Last name must be at least 2 characters.',
    required: 'This field is required',
    invalid: 'Invalid value',
  },
  password: {
    title: 'Change password',
    current: 'Current password',
    new: 'New password',
    newHint: 'At least 8 characters',
    confirm: 'Confirm new password',
    submit: 'Update password',
    currentRequired: 'Please enter your current password',
    newMin: 'Password must be at least 8 characters',
    confirmRequired: 'Confirm password is required',
    mismatch: "Passwords don't match",
    wrong: 'Current password is incorrect',
  },
  toast: {
    updatedTitle: 'Profile updated',
    updated: 'Your details have been saved.',
    loadError: 'Error loading profile',
    updateError: 'Update error. Please try again.',
    passwordChangedTitle: 'Password changed',
    passwordChanged: 'Your new password is now active.',
    passwordErrorTitle: 'Password change failed',
    genericError: 'An error occurred. Please try again.',
  },
};
