import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

import { clearSession, setSessionExpiredHandler } from '@/lib/api-client';

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
  localStorage.clear();
  sessionStorage.clear();
  clearSession();
  setSessionExpiredHandler(null);
  vi.unstubAllGlobals();
});

// jsdom plus Mantine is slow on a cold start; the default 1 s makes findBy* flaky on CI.
configure({ asyncUtilTimeout: 5000 });
