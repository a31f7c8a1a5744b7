import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { launchBrowser, newUserSession, saveScreenshots, type UserSession } from './browser.js';
import { startServer, type StartedServer, type StartServerOptions } from './start-server.js';

export interface E2E {
  readonly baseUrl: string;
  readonly browser: Browser;
  readonly server: StartedServer;
  /** A new isolated browser context (one user) with one page; closed after the test. */
  newUser(): Promise<UserSession>;
}

/**
 * Registers hooks for a spec file: one server (fresh DATA_DIR) and one Chromium for the file,
 * fresh contexts per test, a screenshot of every open page in e2e/artifacts/ when a test fails.
 * Call at the top level of the spec file and use the returned getter inside tests.
 */
export function useE2E(serverOptions: StartServerOptions = {}): () => E2E {
  let server: StartedServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer(serverOptions);
    browser = await launchBrowser();
  });

  afterEach(async (context) => {
    const open = contexts;
    contexts = [];
    try {
      if (context.task.result?.state === 'fail') {
        const files = await saveScreenshots(open, context.task.name);
        if (files.length > 0) console.error(`screenshots:\n  ${files.join('\n  ')}`);
        if (server) console.error(`--- server output (tail) ---\n${server.output().slice(-4000)}`);
      }
    } finally {
      await Promise.all(open.map((c) => c.close().catch(() => undefined)));
    }
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  return () => {
    const s = server;
    const b = browser;
    if (!s || !b) throw new Error('useE2E(): the server or the browser did not start');
    return {
      baseUrl: s.baseUrl,
      browser: b,
      server: s,
      newUser: async () => {
        const session = await newUserSession(b, s.baseUrl);
        contexts.push(session.context);
        return session;
      },
    };
  };
}

/** Waits until the page's path (without query or hash) equals `pathname`. */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
