/**
 * The routes an API key may call, as `METHOD path` with the path as registered. Everything else
 * (identity, settings, the human decisions: review saves, approvals, deletes, document type
 * changes) is refused for a key, so a route added later is closed to keys until it is listed here.
 */
export const API_KEY_ROUTES: ReadonlySet<string> = new Set([
  // Document types, to know what to upload as.
  'GET /api/doc-types',
  'GET /api/doc-types/:id',
  // Pushing documents in.
  'POST /api/files::upload',
  'GET /api/files/:fileId/view',
  'GET /api/files/:fileId/pages/:page/image',
  'POST /api/uploads::validate',
  'POST /api/uploads',
  // Following them through the flow.
  'GET /api/documents/',
  'GET /api/pipelines/pending-review',
  'GET /api/pipelines/pending-approval',
  'GET /api/pipelines/all',
  'GET /api/pipelines/approved',
  'GET /api/pipelines/stats',
  'GET /api/pipelines/pending-summary',
  'GET /api/pipelines/agent-stats',
  'GET /api/pipelines/:id/review',
  // Pulling approved data out.
  'GET /api/exports',
  'GET /api/pipelines/:id/export',
  'POST /api/pipelines/:id/export::webhook',
  'GET /api/pipelines/:id/deliveries',
]);

/** Whether a key may call the route (HEAD goes with its GET). */
export function isApiKeyRoute(method: string, routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  return API_KEY_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);
}
