import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, generateCredentialSigningKey, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'atrium-config-'));

describe('INVOICE_SELLER_*', () => {
  it('names the agency from the brand and gives a demo address outside production', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), BRAND_NAME: 'Bright Schools', SUPPORT_EMAIL: 'help@bright.example' });
    expect(config.invoiceSeller).toMatchObject({
      name: 'Bright Schools',
      vatNumber: null,
      email: 'help@bright.example',
      paymentTermsDays: 30,
      paymentDetails: null,
    });
    expect(config.invoiceSeller.address).toContain('United Kingdom');
  });

  it('reads the seller, with \\n as a new line and the VAT number as typed', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      INVOICE_SELLER_NAME: 'Atrium Ltd',
      INVOICE_SELLER_ADDRESS: '1 Road\\nBristol',
      INVOICE_SELLER_VAT_NUMBER: 'gb 123 4567 89',
      INVOICE_PAYMENT_TERMS_DAYS: '14',
      INVOICE_PAYMENT_DETAILS: 'Sort code 12-34-56\\nAccount 12345678',
    });
    expect(config.invoiceSeller).toEqual({
      name: 'Atrium Ltd',
      address: '1 Road\nBristol',
      vatNumber: 'GB123456789',
      email: 'support@example.com',
      paymentTermsDays: 14,
      paymentDetails: 'Sort code 12-34-56\nAccount 12345678',
    });
  });

  it('has no address in production unless one is set, and refuses a VAT number of the wrong shape', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's', CREDENTIAL_SIGNING_KEY: generateCredentialSigningKey(), DATA_DIR: dataDir() }).invoiceSeller
        .address,
    ).toBeNull();
    expect(() => loadConfig({ DATA_DIR: dataDir(), INVOICE_SELLER_VAT_NUMBER: 'DE123456789' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), INVOICE_PAYMENT_TERMS_DAYS: '-1' })).toThrow(ConfigError);
  });
});
