import { LoadingOverlay } from '@mantine/core';
import { Navigate, Route, Routes } from 'react-router';

import { ComingSoon } from '@/components/coming-soon';
import { useAuth } from '@/features/auth/hooks/use-auth';

import { AppLayout } from './layout/app-layout';
import { AgentsRoute } from './routes/agents';
import { ApiTestRoute } from './routes/api-test';
import { DashboardRoute } from './routes/dashboard';
import { DocTypeEditRoute, DocTypeNewRoute } from './routes/doc-type-wizard';
import { DocTypesRoute } from './routes/doc-types';
import { DocumentsRoute } from './routes/documents';
import { ExportsRoute } from './routes/exports';
import { InviteRoute } from './routes/invite';
import { LandingRoute } from './routes/landing';
import { LoginRoute } from './routes/login';
import { PendingRoute } from './routes/pending';
import { ReviewRoute } from './routes/review';
import { SettingsRoute } from './routes/settings';
import { SetupCompanyRoute } from './routes/setup-company';
import { SignupRoute } from './routes/signup';
import { UploadRoute } from './routes/upload';

/** The route table of spec section 2, switched on the auth state. */
export function AppRoutes() {
  const { status, user, redirectTo } = useAuth();

  if (status === 'loading') {
    return <LoadingOverlay visible zIndex={1000} overlayProps={{ blur: 2 }} />;
  }

  // Reachable signed in or out: the invitee may not have an account yet.
  const inviteRoute = <Route path="/invite/:token" element={<InviteRoute />} />;

  if (status === 'unauthenticated' || !user) {
    return (
      <Routes>
        {inviteRoute}
        <Route path="/" element={<LandingRoute />} />
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/signup" element={<SignupRoute />} />
        <Route path="*" element={<Navigate to={redirectTo ?? '/'} replace />} />
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
