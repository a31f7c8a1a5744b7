import '@testing-library/jest-dom/vitest';

import { File as NodeFile } from 'node:buffer';

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import failOnConsole from 'vitest-fail-on-console';

import { clearSession, setSessionExpiredHandler } from '@/lib/api-client';

import { server } from './server';

// An error or warning a test does not expect fails it: a test that expects one spies on the
// console and asserts what was written, so the output stays free of noise that hides real problems.
failOnConsole({ shouldFailOnError: true, shouldFailOnWarn: true });

// A jsdom File in a jsdom FormData cannot travel through Node's fetch, where MSW intercepts
// requests: vitest converts it on the way but drops the file's name. Uploads use Node's File and
// FormData instead (jsdom's Blob stays: its FileReader reads nothing else).
const NodeFormData = (
  await new Response('', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  }).formData()
).constructor as typeof FormData;
Object.assign(globalThis, { File: NodeFile, FormData: NodeFormData });

// A request that no handler answers is a mistake in the test: MSW logs it as an error.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

// Mantine reads media queries and element sizes; jsdom implements neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Autosizing text areas wait for web fonts to load; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// Screens load lazily in the app; loading them up front keeps a test's timeouts about the screen.
beforeAll(async () => {
  const { preloadScreens } = await import('@/app/router');
  await preloadScreens();
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
  sessionStorage.clear();
  clearSession();
  setSessionExpiredHandler(null);
  vi.unstubAllGlobals();
});

// jsdom plus Mantine is slow on a cold start; the default 1 s makes findBy* flaky on CI.
configure({ asyncUtilTimeout: 5000 });
