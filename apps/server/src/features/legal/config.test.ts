import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/mindledger-config-test' };

describe('the legal settings', () => {
  it('default to the registry versions and a local privacy address', () => {
    const { legal } = loadConfig({ ...base });
    expect(legal).toEqual({
      privacyEmail: 'privacy@mindledger.local',
      privacyPostalAddress: undefined,
      currentVersions: { terms: '1.0', privacy: '1.1' },
    });
  });

  it('take PRIVACY_EMAIL and PRIVACY_POSTAL_ADDRESS, and refuse an address that is not one', () => {
    const { legal } = loadConfig({
      ...base,
      PRIVACY_EMAIL: 'privacy@clinic.example',
      PRIVACY_POSTAL_ADDRESS: ' 1 Main St ',
    });
    expect(legal.privacyEmail).toBe('privacy@clinic.example');
    expect(legal.privacyPostalAddress).toBe('1 Main St');
    expect(() => loadConfig({ ...base, PRIVACY_EMAIL: 'nobody' })).toThrow(/PRIVACY_EMAIL/);
  });

  it('let tests name newer versions (LEGAL_TEST_VERSIONS), never in production', () => {
    expect(loadConfig({ ...base, LEGAL_TEST_VERSIONS: 'terms=1.1' }).legal.currentVersions).toEqual({
      terms: '1.1',
      privacy: '1.1',
    });
    expect(() => loadConfig({ ...base, LEGAL_TEST_VERSIONS: 'hipaa-notice=2' })).toThrow(
      /LEGAL_TEST_VERSIONS/,
    );
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', LEGAL_TEST_VERSIONS: 'terms=1.1' })).toThrow(
      /cannot be set in production/,
    );
  });
});
