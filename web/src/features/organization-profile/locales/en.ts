import type { Translations } from '../../../lib/translations';
import type { organizationProfileFr } from './fr';

export const organizationProfileEn: Translations<typeof organizationProfileFr> = {
  title: 'Centre profile',
  back: 'Back to the dashboard',
  registerTitle: 'Register your centre',
  registerIntro: 'Fill in your training centre’s details. An administrator will verify them; you can then publish your courses.',
  pending: 'Your centre is awaiting verification. Until it is verified, you cannot publish courses.',
  verified: 'Verified centre',
  fields: {
    name: 'Centre name',
    address: 'Address',
    city: 'City',
    postalCode: 'Postal code',
    email: 'Contact email',
    phoneNumber: 'Phone',
    website: 'Website',
    description: 'Description (French)',
    descriptionEn: 'Description (English)',
    prefectApprovalReference: 'Prefectoral approval reference',
  },
  hints: {
    website: 'Full address, for example https://www.my-centre.fr',
    description: 'At least 20 characters: introduce your centre to trainees.',
    prefectVerified: 'Verified by our administrators. Any change will be reviewed at a later check.',
    prefectPending: 'Give your prefectoral approval number (for example R1301300010): it speeds up the verification.',
  },
  optional: 'optional',
  save: 'Save',
  register: 'Register the centre',
  errors: {
    required: '{{field}} is required',
    tooShort: '{{field}} must be at least {{min}} characters',
    descriptionEnTooShort: 'English description must be at least 20 characters',
    POSTAL_CODE_INVALID: 'The postal code must have 5 digits',
    EMAIL_INVALID: 'Must be a valid email address',
    WEBSITE_INVALID: 'Website must be a valid URL (https://…)',
  },
  toast: {
    profileUpdated: 'Profile updated',
    profileUpdatedBody: 'The centre’s details are saved.',
    registered: 'Centre registered',
    registeredBody: 'An administrator will verify your centre.',
    updateError: 'Update failed',
  },
  loadError: 'The centre profile could not be loaded.',
};
