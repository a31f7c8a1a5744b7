import {
  DEFAULT_COMPANY_SETTINGS,
  DocTypeListSchema,
  LearnedVendorListSchema,
  ModelStatusSchema,
  PendingSummarySchema,
  QueuePositionSchema,
} from '@parser/contracts';
import { http, HttpResponse } from 'msw';

import { flowFixtures } from '@/features/pipelines/test/fixtures';

/**
 * What a new, empty company's server answers to the requests screens make besides the ones a test
 * is about: the dashboard's lists (where a sign-in or a decision lands), the company's settings,
 * model and learned vendors, a document's queue and its page images. A test that cares about one
 * answers it itself.
 */
export const defaultHandlers = [
  http.get('/api/doc-types', () => HttpResponse.json(DocTypeListSchema.parse([]))),
  http.get('/api/pipelines/stats', () => HttpResponse.json(flowFixtures.stats())),
  http.get('/api/pipelines/pending-summary', () =>
    HttpResponse.json(PendingSummarySchema.parse([])),
  ),
  http.get('/api/company/settings', () => HttpResponse.json(DEFAULT_COMPANY_SETTINGS)),
  http.get('/api/company/learned-vendors', () =>
    HttpResponse.json(LearnedVendorListSchema.parse([])),
  ),
  http.get('/api/model', () =>
    HttpResponse.json(
      ModelStatusSchema.parse({
        engine: 'offline',
        model: null,
        vision_model: null,
        endpoint: null,
        usage: {
          requests: 0,
          fallbacks: 0,
          input_tokens: 0,
          output_tokens: 0,
          average_latency_ms: null,
        },
        last_error: null,
        doc_types: [],
      }),
    ),
  ),
  http.get(
    '/api/files/:fileId/pages/:page/image',
    () => new HttpResponse(new Blob(['png'], { type: 'image/png' })),
  ),
  http.get('/api/pipelines/:id/queue-position', () =>
    HttpResponse.json(
      QueuePositionSchema.parse({ position: 1, total: 1, previous_id: null, next_id: null }),
    ),
  ),
];
