import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: the low password cost is for tests and demo servers only', () => {
  it('is standard unless asked for', () => {
    expect(loadConfig({}).passwordCost).toBe('standard');
  });

  it('is low in demo mode outside production', () => {
    expect(loadConfig({ DEMO: 'true', MERIDIAN_TEST_PASSWORD_COST: 'low' }).passwordCost).toBe('low');
  });

  it('is refused in production and with demo mode off', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MERIDIAN_TEST_PASSWORD_COST: 'low' })).toThrow(
      /refused when NODE_ENV=production or DEMO is off/,
    );
    expect(() => loadConfig({ DEMO: 'false', MERIDIAN_TEST_PASSWORD_COST: 'low' })).toThrow(/DEMO is off/);
  });

  it('names a value it does not know', () => {
    expect(() => loadConfig({ MERIDIAN_TEST_PASSWORD_COST: 'cheap' })).toThrow(/must be "low" or "standard"/);
  });
});
