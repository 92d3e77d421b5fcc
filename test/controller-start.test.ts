import { describe, expect, it } from 'vitest';

import { checkPublicStart, ConfigError, isPublicAddress, loadConfig, missingControllerSettings } from '#server/config.ts';

import { runMain as runMainWith } from './run-main.ts';

/**
 * Decision 063: the privacy notice names who is responsible for the data (GDPR Art. 13(1)(a)). A
 * start on a public address without CONTROLLER_NAME, CONTROLLER_ADDRESS and PRIVACY_CONTACT is
 * refused with a message naming them; a laptop's start goes on (the notice and the admin console say
 * they are placeholders).
 */
const controller = {
  CONTROLLER_NAME: 'G.O.D Discipleship Movement',
  CONTROLLER_ADDRESS: '12 rue de la Paix, 75002 Paris, France',
  PRIVACY_CONTACT: 'privacy@example.org',
};

/** Runs server/main.ts until it exits, without a database or a controller unless `env` gives them. */
const runMain = (env: Record<string, string>) =>
  runMainWith({ LOG_LEVEL: 'warn', DATABASE_URL: '', CONTROLLER_NAME: '', CONTROLLER_ADDRESS: '', PRIVACY_CONTACT: '', ...env });

describe('a public start needs the controller of the privacy notice', () => {
  it('tells a public address from a laptop', () => {
    const publicOnes = [
      { PUBLIC_URL: 'https://god.example.org' },
      { PUBLIC_URL: 'http://god.example.org' },
      { PUBLIC_URL: 'https://localhost:5000' },
      { HOST: '203.0.113.5' },
      { HOST: '192.168.1.20' },
      { HOST: 'god.example.org' },
      { HOST: '0.0.0.0' },
      { HOST: '::' },
    ];
    for (const env of publicOnes) expect(isPublicAddress(loadConfig(env)), JSON.stringify(env)).toBe(true);
    const laptops = [
      {},
      { HOST: '127.0.0.1' },
      { HOST: 'localhost' },
      { HOST: '::1' },
      { PUBLIC_URL: 'http://localhost:5000' },
      { PUBLIC_URL: 'http://127.0.0.1:5000' },
    ];
    for (const env of laptops) expect(isPublicAddress(loadConfig(env)), JSON.stringify(env)).toBe(false);
  });

  it('names every missing variable, and lets a complete or laptop configuration through', () => {
    expect(missingControllerSettings(loadConfig({}))).toEqual(['CONTROLLER_NAME', 'CONTROLLER_ADDRESS', 'PRIVACY_CONTACT']);
    expect(missingControllerSettings(loadConfig({ CONTROLLER_NAME: 'X', PRIVACY_CONTACT: 'p@example.org' }))).toEqual([
      'CONTROLLER_ADDRESS',
    ]);
    expect(() => checkPublicStart(loadConfig({ PUBLIC_URL: 'https://god.example.org', CONTROLLER_NAME: 'X' }))).toThrow(ConfigError);
    expect(() => checkPublicStart(loadConfig({ PUBLIC_URL: 'https://god.example.org', CONTROLLER_NAME: 'X' }))).toThrow(
      /CONTROLLER_ADDRESS, PRIVACY_CONTACT: required when the app is reached at a public address/,
    );
    expect(() => checkPublicStart(loadConfig({ PUBLIC_URL: 'https://god.example.org', ...controller }))).not.toThrow();
    expect(() => checkPublicStart(loadConfig({}))).not.toThrow();
    // A name too long for the notice is a bad value like any other.
    expect(() => loadConfig({ CONTROLLER_NAME: 'x'.repeat(201) })).toThrow(/CONTROLLER_NAME: must be at most 200 characters/);
  });

  it('the server refuses to start on an https PUBLIC_URL without them, before touching any database', { timeout: 120_000 }, async () => {
    const { code, output } = await runMain({
      PUBLIC_URL: 'https://god.example.org',
      HOST: '127.0.0.1',
      DATA_DIR: '/nonexistent/never-used',
    });
    expect(code).toBe(1);
    expect(output).toContain(
      'CONTROLLER_NAME, CONTROLLER_ADDRESS, PRIVACY_CONTACT: required when the app is reached at a public address (https://god.example.org)',
    );
    expect(output).not.toContain('embedded PostgreSQL');
    const onHost = await runMain({ HOST: '203.0.113.5', DATA_DIR: '/nonexistent/never-used', ...controller, PRIVACY_CONTACT: '' });
    expect(onHost.code).toBe(1);
    expect(onHost.output).toContain('PRIVACY_CONTACT: required when the app is reached at a public address (HOST=203.0.113.5)');
  });
});
