import { describe, expect, it } from 'vitest';

import { ConfigError, configSchema, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 5000, DATA_DIR: './data', EMBEDDED_PG_PORT: 5433, TRUST_PROXY: false });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('reads and converts values', () => {
    const c = loadConfig({ PORT: '8080', TRUST_PROXY: '2', DATABASE_URL: 'postgres://u:p@db:5432/app', SOCIAL_X_URL: '' });
    expect(c.PORT).toBe(8080);
    expect(c.TRUST_PROXY).toBe(2);
    expect(c.DATABASE_URL).toBe('postgres://u:p@db:5432/app');
    expect(c.SOCIAL_X_URL).toBeUndefined();
  });

  it('trusts proxies by hop count or by address, never everyone', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 192.168.0.0/16 ,fd00::/8 ' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'fd00::/8',
    ]);
    // "true" used to trust every address; it now means the one proxy in front of the app.
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    for (const bad of ['yes please', '10.0.0.0/33', '-1', '1.5', '10.0.0.0/8,evil'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY.*hop count/);
  });

  it('names every bad variable and why', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', SUPPORT_EMAIL: 'nope', MFA_ENCRYPTION_KEY: 'c2hvcnQ=' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('LOG_LEVEL');
    expect(message).toContain('SUPPORT_EMAIL');
    expect(message).toContain('MFA_ENCRYPTION_KEY: must be 32 random bytes in base64');
  });

  it('names the variable for any nonsense value, DATABASE_URL included (issue 24)', () => {
    // `DATABASE_URL=not a url` threw a bare TypeError "Invalid URL" that named nothing.
    const names = Object.keys(configSchema.shape);
    expect(names).toContain('DATABASE_URL');
    for (const name of names)
      for (const value of ['not a url', '::', '-1', 'x'.repeat(300)]) {
        let error: unknown;
        try {
          loadConfig({ [name]: value });
        } catch (e) {
          error = e;
        }
        if (error === undefined) continue; // some variables take any text
        expect(error, `${name}=${value}`).toBeInstanceOf(ConfigError);
        expect((error as Error).message, `${name}=${value}`).toMatch(new RegExp(`^Invalid configuration:\\n[^]*\\b${name}\\b`));
      }
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/^Invalid configuration:\n {2}DATABASE_URL: /);
  });

  it('wants all three OpenID Connect settings or none', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example.org' })).toThrow(/OIDC_CLIENT_ID/);
    expect(loadConfig({ OIDC_ISSUER_URL: 'https://id.example.org', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).OIDC_CLIENT_ID).toBe(
      'a',
    );
  });
});
