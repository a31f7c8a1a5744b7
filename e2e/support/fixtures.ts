import { test as base, type BrowserContext, type Page } from '@playwright/test';

import { Api } from './api.js';
import { startServer, type StartedServer } from './start-server.js';

export { expect } from '@playwright/test';

/** A second person at their own browser: an isolated context (own cookies and storage). */
export interface UserSession {
  context: BrowserContext;
  page: Page;
}

interface WorkerFixtures {
  /** Extra environment for the worker's server; a spec file sets it with `test.use()`. */
  serverEnv: Record<string, string>;
  /** One server per worker, on a free port with a fresh data directory. */
  server: StartedServer;
}

interface TestFixtures {
  /** Seeding and checking through the public HTTP API. */
  api: Api;
  /** Opens another user's browser context with one page; closed after the test. */
  newUser: () => Promise<UserSession>;
  /** Attaches the end of the server's output to a failed test's report. */
  serverOutputOnFailure: void;
}

/**
 * The tests' fixtures. Every test gets its own browser context (`page`), and seeds its own
 * company through `api`, so tests share the worker's server without seeing each other's data.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const server = await startServer({ env: serverEnv });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    // startServer() itself gives up after two minutes without an answer from /health.
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseUrl);
  },
  api: async ({ request }, use) => {
    await use(new Api(request));
  },
  newUser: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      return { context, page: await context.newPage() };
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  serverOutputOnFailure: [
    async ({ server }, use, testInfo) => {
      await use();
      // The tail is enough: the reporter prints the attachment under the failure.
      const tail = server.output().slice(-4000);
      if (testInfo.status !== testInfo.expectedStatus && tail) {
        await testInfo.attach('server-output', { body: tail, contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});
