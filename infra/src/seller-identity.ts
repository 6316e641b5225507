import { z } from 'zod';

/**
 * Who sells the courses, as invoices and the legal notice name it: the platform, which sells each booking in its
 * own name for the account of the approved centre that runs the course (an intermediary acting in its own name,
 * art. 256 V of the French tax code), so that one gap-free invoice series (RP-<year>-NNNNNN) belongs to one
 * seller. The defaults are demonstration values that read as such (SIREN 000 000 000…); production sets them.
 */
export interface SellerIdentity {
  name: string;
  /** "société par actions simplifiée" and the like, as the legal notice writes it. */
  legalForm: string;
  shareCapitalCents: number;
  address: string;
  /** 9 digits. */
  siren: string;
  /** 14 digits, starting with the SIREN. */
  siret: string;
  /** "RCS Toulon 000 000 000" */
  rcs: string;
  /** Intra-community VAT number (FR + key + SIREN), or null under a VAT exemption. */
  vatNumber: string | null;
  /** The exemption invoices carry instead of VAT ("TVA non applicable, art. 293 B du CGI"), or null. */
  vatExemption: string | null;
  publicationDirector: string;
  email: string;
  phone: string;
  /** Who hosts the site (LCEN art. 6): name, address and telephone, as the legal notice gives them. */
  hostingProvider: string;
  hostingAddress: string;
  hostingPhone: string;
}

/** Demonstration values: to be replaced through the SELLER_* variables before going live. */
export const DEMO_SELLER: SellerIdentity = {
  name: "Récup'Points SAS",
  legalForm: 'société par actions simplifiée',
  shareCapitalCents: 5_000_000,
  address: '25 avenue de la République, 83000 Toulon, France',
  siren: '000000000',
  siret: '00000000000000',
  rcs: 'RCS Toulon 000 000 000',
  vatNumber: 'FR12000000000',
  vatExemption: null,
  publicationDirector: 'Dominique Exemple',
  email: 'contact@recup-points.fr',
  phone: '04 94 00 12 34',
  hostingProvider: 'Hébergeur Exemple SAS',
  hostingAddress: '1 rue de l’Exemple, 59100 Roubaix, France',
  hostingPhone: '+33 0 00 00 00 00',
};

/** The demonstration seller as the SELLER_* variables write it (their defaults). */
export const DEMO_SELLER_VARIABLES = {
  SELLER_NAME: DEMO_SELLER.name,
  SELLER_LEGAL_FORM: DEMO_SELLER.legalForm,
  SELLER_SHARE_CAPITAL_CENTS: DEMO_SELLER.shareCapitalCents,
  SELLER_ADDRESS: DEMO_SELLER.address,
  SELLER_SIREN: DEMO_SELLER.siren,
  SELLER_SIRET: DEMO_SELLER.siret,
  SELLER_RCS: DEMO_SELLER.rcs,
  SELLER_PUBLICATION_DIRECTOR: DEMO_SELLER.publicationDirector,
  SELLER_EMAIL: DEMO_SELLER.email,
  SELLER_PHONE: DEMO_SELLER.phone,
  SELLER_HOSTING_PROVIDER: DEMO_SELLER.hostingProvider,
  SELLER_HOSTING_ADDRESS: DEMO_SELLER.hostingAddress,
  SELLER_HOSTING_PHONE: DEMO_SELLER.hostingPhone,
} as const;

/** The demonstration seller (its SIREN is 000 000 000): the legal pages say that their identities are examples. */
export const isDemonstrationSeller = (seller: Pick<SellerIdentity, 'siren'>) => seller.siren === DEMO_SELLER.siren;

/** The Luhn checksum that SIREN and SIRET numbers carry. */
export function hasLuhnChecksum(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The French intra-community VAT number of a SIREN: FR, a two-digit key, the SIREN. */
export function frenchVatNumber(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${siren}`;
}

const digitsOnly = (value: string) => value.replace(/\s/g, '');
const text = (fallback: string) => z.string().trim().min(1).max(200).default(fallback);

/** The SELLER_* variables, validated with the rest of the configuration (a wrong value stops start-up with its name). */
export const SellerVariables = z.object({
  SELLER_NAME: text(DEMO_SELLER.name),
  SELLER_LEGAL_FORM: text(DEMO_SELLER.legalForm),
  SELLER_SHARE_CAPITAL_CENTS: z.coerce.number().int().nonnegative().default(DEMO_SELLER.shareCapitalCents),
  SELLER_ADDRESS: text(DEMO_SELLER.address),
  SELLER_SIREN: z
    .string()
    .transform(digitsOnly)
    .refine((value) => /^\d{9}$/.test(value) && hasLuhnChecksum(value), 'must be a SIREN: 9 digits with a valid checksum')
    .default(DEMO_SELLER.siren),
  SELLER_SIRET: z
    .string()
    .transform(digitsOnly)
    .refine((value) => /^\d{14}$/.test(value) && hasLuhnChecksum(value), 'must be a SIRET: 14 digits with a valid checksum')
    .default(DEMO_SELLER.siret),
  SELLER_RCS: text(DEMO_SELLER.rcs),
  SELLER_VAT_NUMBER: z
    .string()
    .transform((value) => digitsOnly(value).toUpperCase())
    .refine((value) => /^FR\d{11}$/.test(value), 'must be a French VAT number: FR, 2 digits, the 9-digit SIREN')
    .optional(),
  SELLER_VAT_EXEMPTION: z.string().trim().min(1).max(200).optional(),
  SELLER_PUBLICATION_DIRECTOR: text(DEMO_SELLER.publicationDirector),
  SELLER_EMAIL: z.string().trim().pipe(z.email()).default(DEMO_SELLER.email),
  SELLER_PHONE: text(DEMO_SELLER.phone),
  SELLER_HOSTING_PROVIDER: text(DEMO_SELLER.hostingProvider),
  SELLER_HOSTING_ADDRESS: text(DEMO_SELLER.hostingAddress),
  SELLER_HOSTING_PHONE: text(DEMO_SELLER.hostingPhone),
});
export type SellerVariables = z.infer<typeof SellerVariables>;

export class SellerIdentityError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`${variable} ${detail}`);
    this.name = 'SellerIdentityError';
  }
}

/**
 * The seller of the configuration, its numbers checked against each other: the SIRET starts with the SIREN, the
 * VAT number is the SIREN's, and an invoice carries either a VAT number or an exemption, never both.
 */
export function sellerIdentityOf(variables: SellerVariables): SellerIdentity {
  const { SELLER_SIREN: siren, SELLER_SIRET: siret, SELLER_VAT_EXEMPTION: vatExemption } = variables;
  if (!siret.startsWith(siren)) throw new SellerIdentityError('SELLER_SIRET', `must start with the SIREN ${siren} (got ${siret})`);
  if (variables.SELLER_VAT_NUMBER && vatExemption) {
    throw new SellerIdentityError('SELLER_VAT_EXEMPTION', 'cannot be set with SELLER_VAT_NUMBER: an invoice carries either VAT or its exemption');
  }
  const vatNumber = vatExemption ? null : (variables.SELLER_VAT_NUMBER ?? frenchVatNumber(siren));
  if (vatNumber && vatNumber !== frenchVatNumber(siren)) {
    throw new SellerIdentityError('SELLER_VAT_NUMBER', `must be the VAT number of the SIREN ${siren}: ${frenchVatNumber(siren)} (got ${vatNumber})`);
  }
  return {
    name: variables.SELLER_NAME,
    legalForm: variables.SELLER_LEGAL_FORM,
    shareCapitalCents: variables.SELLER_SHARE_CAPITAL_CENTS,
    address: variables.SELLER_ADDRESS,
    siren,
    siret,
    rcs: variables.SELLER_RCS,
    vatNumber,
    vatExemption: vatExemption ?? null,
    publicationDirector: variables.SELLER_PUBLICATION_DIRECTOR,
    email: variables.SELLER_EMAIL,
    phone: variables.SELLER_PHONE,
    hostingProvider: variables.SELLER_HOSTING_PROVIDER,
    hostingAddress: variables.SELLER_HOSTING_ADDRESS,
    hostingPhone: variables.SELLER_HOSTING_PHONE,
  };
}
