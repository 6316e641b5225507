import type { UpdateProfileRequest } from '@recup/command-api/contracts';
import type { ProfileDto } from '@recup/query-api/contracts';
import { isIsoDay, readDateText } from './date-text';
import { toIsoDay } from './format';
import type { Language } from './language';

/** The profile fields as a form holds them: text everywhere, '' for "not given". */
export type ProfileValues = {
  title: '' | 'MR' | 'MRS';
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  countryOfBirth: string;
  placeOfBirth: string;
  address: string;
  addressDetails: string;
  postalCode: string;
  city: string;
  country: string;
  phoneNumber: string;
  landlinePhone: string;
  licenseNumber: string;
  language: 'FR' | 'EN';
};

export type ProfileField = keyof ProfileValues;

export function emptyProfileValues(language: Language): ProfileValues {
  return {
    title: '',
    firstName: '',
    lastName: '',
    dateOfBirth: '',
    countryOfBirth: '',
    placeOfBirth: '',
    address: '',
    addressDetails: '',
    postalCode: '',
    city: '',
    country: 'FR',
    phoneNumber: '',
    landlinePhone: '',
    licenseNumber: '',
    language: language === 'en' ? 'EN' : 'FR',
  };
}

export function profileValuesOf(profile: ProfileDto): ProfileValues {
  return {
    title: profile.title ?? '',
    firstName: profile.firstName,
    lastName: profile.lastName,
    dateOfBirth: profile.dateOfBirth?.slice(0, 10) ?? '',
    countryOfBirth: profile.countryOfBirth ?? '',
    placeOfBirth: profile.placeOfBirth ?? '',
    address: profile.address ?? '',
    addressDetails: profile.addressDetails ?? '',
    postalCode: profile.postalCode ?? '',
    city: profile.city ?? '',
    country: profile.country ?? '',
    phoneNumber: profile.phoneNumber ?? '',
    landlinePhone: profile.landlinePhone ?? '',
    licenseNumber: profile.licenseNumber ?? '',
    language: profile.language,
  };
}

/** Why a date of birth as the form holds it (a day, '' or text being typed) cannot be sent, or null when it can. */
type BirthDateProblem = 'incomplete' | 'nonexistent' | 'future';

export function birthDateProblem(value: string, language: Language, today = toIsoDay(new Date())): BirthDateProblem | null {
  const reading = isIsoDay(value) ? { kind: 'day' as const, day: value } : readDateText(value, language);
  if (reading.kind === 'empty') return null;
  if (reading.kind !== 'day') return reading.kind;
  return reading.day > today ? 'future' : null;
}

/**
 * The payload the contracts parse. A date of birth is a day (YYYY-MM-DD) or null when blank; text that names no
 * day is passed on as typed, for the contract to refuse and the form to say why (never silently dropped).
 * Blank choices are null; the contract trims the rest.
 */
export function profileInputOf(values: ProfileValues, language: Language): UpdateProfileRequest {
  const birth = isIsoDay(values.dateOfBirth) ? { kind: 'day' as const, day: values.dateOfBirth } : readDateText(values.dateOfBirth, language);
  return {
    ...values,
    title: values.title || null,
    dateOfBirth: birth.kind === 'day' ? birth.day : birth.kind === 'empty' ? null : values.dateOfBirth,
    countryOfBirth: values.countryOfBirth || null,
    country: values.country || null,
  };
}

/** Registration sends the date of birth as an ISO date-time string (specification §3), midnight UTC of that day. */
export function birthDateTime(day: string | null | undefined): string | null {
  return day ? `${day.slice(0, 10)}T00:00:00.000Z` : null;
}
