/**
 * The yardstick of bench/api-latency.ts: a bare Fastify route answering a fixed 50-row page of the
 * pending-review list's shape, with no auth, database or schema. Prints its port, then serves.
 */
import Fastify from 'fastify';

const page = {
  items: Array.from({ length: 50 }, (_, n) => ({
    pipeline_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    doc_type_id: '00000000-0000-4000-8000-000000000001',
    doc_type_name: 'Invoices',
    file_id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    original_filename: `invoice-${n}.pdf`,
    current_step: 'human_review',
    overall_status: 'needs_review',
    failure_reason: null,
    assigned_to: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  })),
  next_cursor: 'eyJjcmVhdGVkQXQiOiIyMDI2LTAxLTAxIn0',
};

const app = Fastify({ logger: false });
app.get('/bare', async () => page);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : 0);
