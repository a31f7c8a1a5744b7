import { afterAll, beforeAll } from 'vitest';

import type { Config } from '../../src/config.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';

/** Sign-in limits high enough for a file's tests to sign up many companies from one address. */
export const RELAXED_SIGN_IN_LIMITS: Partial<Record<keyof Config, string>> = {
  AUTH_RATE_LIMIT_PER_IP: '1000',
  AUTH_RATE_LIMIT_PER_EMAIL: '1000',
};

/**
 * One app for all the tests of a file (or, called inside a `describe`, of that block): built
 * before the first test, closed after the last. The answer is filled in when the app is built, so
 * tests read it as `t.app`, `t.drainJobs()`. After-all hooks run in the reverse order of their
 * registration, so what a file closes in its own `afterAll` is closed before the app.
 */
export function testAppPerFile(
  overrides: Partial<Record<keyof Config, string>> = {},
  options: Parameters<typeof buildTestApp>[1] = {},
): TestApp {
  const testApp = {} as TestApp;
  beforeAll(async () => {
    Object.assign(testApp, await buildTestApp(overrides, options));
  });
  // Absent when building the app failed; that failure is the one to report.
  afterAll(() => (testApp.close as TestApp['close'] | undefined)?.());
  return testApp;
}
