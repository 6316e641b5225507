import type { UpdateProfileRequest } from '@recup/command-api/contracts';
import type { ProfileDto } from '@recup/query-api/contracts';
import { normalizeDateText } from './date-text';
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

/**
 * The payload the contracts parse. A date still being typed (submitted with Enter, before any blur) is read as on
 * blur; one that names no day is dropped (specification §3). Blank choices are null; the contract trims the rest.
 */
export function profileInputOf(values: ProfileValues, language: Language): UpdateProfileRequest {
  return {
    ...values,
    title: values.title || null,
    dateOfBirth: normalizeDateText(values.dateOfBirth, language) || null,
    countryOfBirth: values.countryOfBirth || null,
    country: values.country || null,
  };
}
