import { LoadingOverlay } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';

import { ComingSoon } from '@/components/coming-soon';
import { useAuth } from '@/features/auth/hooks/use-auth';

import { forgetDeepLink, peekDeepLink, rememberDeepLink } from './deep-link';
import { LandingRoute } from './routes/landing';

/**
 * Each signed-in screen is its own chunk, loaded when first opened, so the first screen downloads
 * only what it shows (the README gives the measured size). The signed-out pages are small and are
 * the first screen themselves, so they come with the app.
 */
const preloads: (() => Promise<void>)[] = [];
const lazyScreen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  let loaded: ComponentType | undefined;
  const fetchScreen = async () => {
    loaded = (await load())[name];
    return { default: loaded };
  };
  preloads.push(async () => void (await fetchScreen()));
  // A screen already loaded answers with a thenable that resolves synchronously, which React's
  // lazy() accepts, so it renders without a loading frame (the type asks for a full Promise).
  return lazy(() =>
    loaded
      ? (resolvedNow({ default: loaded }) as unknown as Promise<{ default: ComponentType }>)
      : fetchScreen(),
  );
};

const resolvedNow = <T,>(value: T) => ({ then: (resolve: (value: T) => void) => resolve(value) });

/** Loads every screen's chunk now (tests, so a first render is not a first download). */
export const preloadScreens = () => Promise.all(preloads.map((preload) => preload()));

const AppLayout = lazyScreen(() => import('./layout/app-layout'), 'AppLayout');
const AgentsRoute = lazyScreen(() => import('./routes/agents'), 'AgentsRoute');
const ApiTestRoute = lazyScreen(() => import('./routes/api-test'), 'ApiTestRoute');
const DashboardRoute = lazyScreen(() => import('./routes/dashboard'), 'DashboardRoute');
const DocTypeEditRoute = lazyScreen(() => import('./routes/doc-type-wizard'), 'DocTypeEditRoute');
const DocTypeNewRoute = lazyScreen(() => import('./routes/doc-type-wizard'), 'DocTypeNewRoute');
const DocTypesRoute = lazyScreen(() => import('./routes/doc-types'), 'DocTypesRoute');
const DocumentsRoute = lazyScreen(() => import('./routes/documents'), 'DocumentsRoute');
const ExportsRoute = lazyScreen(() => import('./routes/exports'), 'ExportsRoute');
const InviteRoute = lazyScreen(() => import('./routes/invite'), 'InviteRoute');
const LoginRoute = lazyScreen(() => import('./routes/login'), 'LoginRoute');
const SignupRoute = lazyScreen(() => import('./routes/signup'), 'SignupRoute');
const PendingRoute = lazyScreen(() => import('./routes/pending'), 'PendingRoute');
const ReviewRoute = lazyScreen(() => import('./routes/review'), 'ReviewRoute');
const SettingsRoute = lazyScreen(() => import('./routes/settings'), 'SettingsRoute');
const SetupCompanyRoute = lazyScreen(() => import('./routes/setup-company'), 'SetupCompanyRoute');
const UploadRoute = lazyScreen(() => import('./routes/upload'), 'UploadRoute');

const loading = <LoadingOverlay visible zIndex={1000} overlayProps={{ blur: 2 }} />;

/** The route table of spec section 2, switched on the auth state. */
export function AppRoutes() {
  return (
    <Suspense fallback={loading}>
      <RouteTable />
    </Suspense>
  );
}

/**
 * Signed out on any other path: to the landing page (or where a sign-out said), remembering an app
 * page so signing in comes back to it.
 */
function SignedOutRedirect({ to }: { to?: string }) {
  const { pathname, search, hash } = useLocation();
  const remember = to === undefined;
  useEffect(() => {
    if (remember) rememberDeepLink(pathname + search + hash);
  }, [remember, pathname, search, hash]);
  return <Navigate to={to ?? '/'} replace />;
}

/** Just signed in on /login: back to the link that brought the visitor, else the dashboard. */
function AfterSignIn() {
  const to = peekDeepLink() ?? '/dashboard';
  useEffect(() => forgetDeepLink(), []);
  return <Navigate to={to} replace />;
}

function RouteTable(): ReactNode {
  const { status, user, redirectTo } = useAuth();

  if (status === 'loading') return loading;

  // Reachable signed in or out: the invitee may not have an account yet.
  const inviteRoute = <Route path="/invite/:token" element={<InviteRoute />} />;

  if (status === 'unauthenticated' || !user) {
    return (
      <Routes>
        {inviteRoute}
        <Route path="/" element={<LandingRoute />} />
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/signup" element={<SignupRoute />} />
        <Route path="*" element={<SignedOutRedirect to={redirectTo} />} />
      </Routes>
    );
  }

  if (!user.tenant) {
    return (
      <Routes>
        {inviteRoute}
        <Route path="*" element={<SetupCompanyRoute />} />
      </Routes>
    );
  }

  return (
    <Routes>
      {inviteRoute}
      <Route path="/" element={<Navigate to="/dashboard" replace />} />
      <Route path="/login" element={<AfterSignIn />} />
      <Route element={<AppLayout />}>
        <Route path="/test" element={<ApiTestRoute />} />
        <Route path="/dashboard" element={<DashboardRoute />} />
        <Route path="/upload" element={<UploadRoute />} />
        <Route path="/uploads" element={<UploadRoute />} />
        <Route path="/doc-types" element={<DocTypesRoute />} />
        <Route path="/doc-types/new" element={<DocTypeNewRoute />} />
        <Route path="/doc-types/:id/edit" element={<DocTypeEditRoute />} />
        <Route path="/documents" element={<DocumentsRoute />} />
        <Route
          path="/documents/:id"
          element={
            <ComingSoon
              title="Document Detail - Coming Soon"
              message="Document details will appear here."
            />
          }
        />
        <Route path="/pending/:docTypeId" element={<PendingRoute />} />
        <Route path="/review/:pipelineId" element={<ReviewRoute />} />
        <Route path="/agents" element={<AgentsRoute />} />
        <Route path="/exports" element={<ExportsRoute />} />
        <Route
          path="/admin"
          element={
            <ComingSoon
              title="Admin - Coming Soon"
              message="Administration tools will appear here."
            />
          }
        />
        <Route path="/settings" element={<SettingsRoute />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
