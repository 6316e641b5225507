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
