import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadServiceConfig, sellerOf } from './config';
import { DEMO_SELLER, frenchVatNumber, hasLuhnChecksum } from './seller-identity';

const dataDir = mkdtempSync(join(tmpdir(), 'recup-seller-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// A real company's numbers, as public registers give them (La Poste: SIREN 356 000 000).
const LA_POSTE = { SELLER_SIREN: '356 000 000', SELLER_SIRET: '35600000000048' };

function failure(load: () => unknown): ConfigError {
  try {
    load();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('the seller', () => {
  it('defaults to demonstration values that read as placeholders, with VAT', () => {
    expect(loadConfig({ DATA_DIR: dataDir }, { embedded: true }).seller).toEqual(DEMO_SELLER);
    expect(DEMO_SELLER).toMatchObject({ siren: '000000000', vatNumber: 'FR12000000000', shareCapitalCents: 5_000_000, vatExemption: null });
  });

  it('takes every SELLER_* variable, spaces in numbers allowed, and derives the VAT number from the SIREN', () => {
    const { seller } = loadConfig({ DATA_DIR: dataDir, ...LA_POSTE, SELLER_NAME: 'La Poste', SELLER_RCS: 'RCS Paris 356 000 000', SELLER_SHARE_CAPITAL_CENTS: '538745000000' }, { embedded: true });
    expect(seller).toMatchObject({ name: 'La Poste', siren: '356000000', siret: '35600000000048', vatNumber: 'FR39356000000', rcs: 'RCS Paris 356 000 000', shareCapitalCents: 538_745_000_000 });
  });

  it('carries the exemption mention instead of a VAT number when one is configured', () => {
    const { seller } = loadConfig({ DATA_DIR: dataDir, SELLER_VAT_EXEMPTION: 'TVA non applicable, art. 293 B du CGI' }, { embedded: true });
    expect(seller).toMatchObject({ vatNumber: null, vatExemption: 'TVA non applicable, art. 293 B du CGI' });
  });

  it.each([
    [{ SELLER_SIREN: '356000001' }, /SELLER_SIREN must be a SIREN/],
    [{ SELLER_SIRET: '3560000000004' }, /SELLER_SIRET must be a SIRET/],
    [{ ...LA_POSTE, SELLER_SIRET: '00000000000000' }, /SELLER_SIRET must start with the SIREN 356000000/],
    [{ ...LA_POSTE, SELLER_VAT_NUMBER: 'FR12356000000' }, /SELLER_VAT_NUMBER must be the VAT number of the SIREN 356000000: FR39356000000/],
    [{ SELLER_VAT_NUMBER: 'DE123' }, /SELLER_VAT_NUMBER must be a French VAT number/],
    [{ SELLER_VAT_NUMBER: 'FR12000000000', SELLER_VAT_EXEMPTION: 'TVA non applicable' }, /SELLER_VAT_EXEMPTION cannot be set with SELLER_VAT_NUMBER/],
    [{ SELLER_EMAIL: 'not-an-address' }, /SELLER_EMAIL/],
  ])('stops start-up on %o, naming the variable', (env, message) => {
    expect(failure(() => loadConfig({ DATA_DIR: dataDir, ...env }, { embedded: true })).message).toMatch(message);
  });

  it('is read by the query API service, which renders invoices and the legal notice', () => {
    const config = loadServiceConfig('query-api', { MONGODB_URL: 'mongodb://mongo:27017/recup?replicaSet=rs0', SESSION_SECRET: 's'.repeat(40), DATA_DIR: dataDir, SELLER_NAME: 'Autre SAS' });
    expect(sellerOf(config)).toMatchObject({ name: 'Autre SAS', siren: '000000000' });
  });
});

describe('a public site’s seller', () => {
  const PUBLIC = { DATA_DIR: dataDir, PUBLIC_URL: 'https://recup-points.example' };
  /** A seller stated in full, as one goes live: La Poste's numbers, made-up people and host. */
  const REAL = {
    ...LA_POSTE, SELLER_NAME: 'La Poste', SELLER_LEGAL_FORM: 'société anonyme', SELLER_SHARE_CAPITAL_CENTS: '538745000000', SELLER_ADDRESS: '9 rue du Colonel Pierre Avia, 75015 Paris',
    SELLER_RCS: 'RCS Paris 356 000 000', SELLER_PUBLICATION_DIRECTOR: 'Camille Durand', SELLER_EMAIL: 'contact@laposte.example', SELLER_PHONE: '01 23 45 67 89',
    SELLER_HOSTING_PROVIDER: 'OVH SAS', SELLER_HOSTING_ADDRESS: '2 rue Kellermann, 59100 Roubaix, France', SELLER_HOSTING_PHONE: '+33 9 72 10 10 07',
  };
  const SERVICE = { MONGODB_URL: 'mongodb://mongo:27017/recup?replicaSet=rs0', EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false', SESSION_SECRET: 's'.repeat(40) };

  it('stops start-up while any SELLER_* is left to its demonstration default, naming them all', () => {
    const error = failure(() => loadConfig(PUBLIC, { embedded: true }));
    expect(error.variable).toBe('SELLER_NAME');
    expect(error.message).toMatch(/^Invalid configuration: SELLER_NAME and SELLER_LEGAL_FORM, SELLER_SHARE_CAPITAL_CENTS, SELLER_ADDRESS, SELLER_SIREN, SELLER_SIRET, SELLER_RCS, SELLER_PUBLICATION_DIRECTOR, SELLER_EMAIL, SELLER_PHONE, SELLER_HOSTING_PROVIDER, SELLER_HOSTING_ADDRESS, SELLER_HOSTING_PHONE still hold their demonstration values while PUBLIC_URL \(https:\/\/recup-points.example\) is public/);
    const { SELLER_PHONE: _phone, ...allButOne } = REAL;
    expect(failure(() => loadConfig({ ...PUBLIC, ...allButOne }, { embedded: true })).message).toMatch(/^Invalid configuration: SELLER_PHONE still holds its demonstration value while PUBLIC_URL/);
  });

  it('stops start-up on a placeholder set explicitly: the demonstration SIREN, director, host', () => {
    expect(failure(() => loadConfig({ ...PUBLIC, ...REAL, SELLER_SIREN: '000000000', SELLER_SIRET: '00000000000000' }, { embedded: true })).message).toMatch(/^Invalid configuration: SELLER_SIREN and SELLER_SIRET still hold/);
    expect(failure(() => loadConfig({ ...PUBLIC, ...REAL, SELLER_PUBLICATION_DIRECTOR: 'Dominique Exemple', SELLER_HOSTING_PROVIDER: DEMO_SELLER.hostingProvider }, { embedded: true })).variable).toBe('SELLER_PUBLICATION_DIRECTOR');
  });

  it('starts once the seller is stated, its brand name and e-mail may be the demonstration’s', () => {
    expect(loadConfig({ ...PUBLIC, ...REAL }, { embedded: true }).seller).toMatchObject({ name: 'La Poste', siren: '356000000', vatNumber: 'FR39356000000' });
    expect(loadConfig({ ...PUBLIC, ...REAL, SELLER_NAME: DEMO_SELLER.name, SELLER_LEGAL_FORM: DEMO_SELLER.legalForm, SELLER_EMAIL: DEMO_SELLER.email }, { embedded: true }).seller.name).toBe("Récup'Points SAS");
  });

  it('keeps the demonstration seller where nothing is public: no PUBLIC_URL, or a loopback one', () => {
    expect(loadConfig({ DATA_DIR: dataDir }, { embedded: true }).seller).toEqual(DEMO_SELLER);
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080' }, { embedded: true }).seller).toEqual(DEMO_SELLER);
  });

  it.each(['command-api', 'projector', 'query-api'] as const)('stops the %s service too, which issues invoices or shows the legal notice', (service) => {
    expect(failure(() => loadServiceConfig(service, { ...SERVICE, ...PUBLIC })).variable).toBe('SELLER_NAME');
    expect(loadServiceConfig(service, { ...SERVICE, ...PUBLIC, ...REAL }).PUBLIC_URL).toBe('https://recup-points.example');
    expect(loadServiceConfig('gateway', PUBLIC).PUBLIC_URL).toBe('https://recup-points.example');
  });
});

describe('company numbers', () => {
  it('check the Luhn key of SIREN and SIRET numbers', () => {
    expect(hasLuhnChecksum('356000000')).toBe(true);
    expect(hasLuhnChecksum('732829320')).toBe(true);
    expect(hasLuhnChecksum('732829321')).toBe(false);
  });

  it('give the French VAT number of a SIREN', () => {
    expect(frenchVatNumber('356000000')).toBe('FR39356000000');
    expect(frenchVatNumber('000000000')).toBe('FR12000000000');
  });
});
