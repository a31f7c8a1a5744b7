/**
 * A signed-out visitor who opens a link into the app (a review a colleague sent, say) is sent to
 * the landing page as the spec says, and taken back to that link once signed in. The link is kept
 * for this tab only, in sessionStorage.
 */
const STORAGE_KEY = 'parser.return-after-sign-in';

/** The signed-in pages worth returning to; anything else is an unknown path. */
const APP_PAGES = [
  '/dashboard',
  '/upload',
  '/uploads',
  '/doc-types',
  '/documents',
  '/pending',
  '/review',
  '/agents',
  '/exports',
  '/settings',
  '/test',
];

const isAppPage = (path: string) =>
  APP_PAGES.some((page) => path === page || path.startsWith(`${page}/`));

/** Only a path of this site: never another origin (`//evil.example`) or a scheme. */
const isLocalPath = (path: string) => path.startsWith('/') && !/^\/[/\\]/.test(path);

/** Keeps the link a signed-out visitor opened, if it leads to an app page. */
export function rememberDeepLink(pathWithQuery: string): void {
  const pathname = pathWithQuery.split(/[?#]/)[0]!;
  if (!isLocalPath(pathWithQuery) || !isAppPage(pathname)) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, pathWithQuery);
  } catch {
    // Storage can be off (private mode): the visitor then lands on the dashboard as before.
  }
}

/** The remembered link, if any (reading keeps it: a render may run twice). */
export function peekDeepLink(): string | null {
  try {
    const path = sessionStorage.getItem(STORAGE_KEY);
    return path && isLocalPath(path) ? path : null;
  } catch {
    return null;
  }
}

/** Forgets the remembered link once it was followed. */
export function forgetDeepLink(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}
