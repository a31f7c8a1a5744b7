import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

import { repoRoot } from './start-server.js';

export const artifactsDir = path.join(repoRoot, 'e2e', 'artifacts');

/** Debian's Chromium; override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface UserSession {
  context: BrowserContext;
  page: Page;
}

/** A fresh, isolated browser context (own cookies and storage) = one user. */
export async function newUserSession(browser: Browser, baseUrl: string): Promise<UserSession> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
  // Auto-waiting actions and assertions give up after this long.
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  return { context, page };
}

function safeName(name: string): string {
  return name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** Saves a full-page screenshot of every open page in the given contexts to e2e/artifacts/. */
export async function saveScreenshots(
  contexts: readonly BrowserContext[],
  testName: string,
): Promise<string[]> {
  await mkdir(artifactsDir, { recursive: true });
  const saved: string[] = [];
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let index = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      index += 1;
      const file = path.join(artifactsDir, `${safeName(testName)}-${stamp}-${index}.png`);
      try {
        await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
        saved.push(file);
      } catch (error) {
        console.warn(`could not save screenshot ${file}: ${(error as Error).message}`);
      }
    }
  }
  return saved;
}
