/**
 * A large e-invoice through the embedded server: a UBL invoice of `--lines` lines (default 15,000,
 * about 10 MB, with a discount on every 25th line so the agents' sums fail) uploaded, extracted and
 * worked on by both agents on PGlite, while `/health` is asked every 50 ms. Prints the upload and
 * processing time, the process's peak and final resident memory, and `/health` latency (target:
 * p99 under 100 ms while the document is processed).
 *
 *   npm run bench:large-einvoice-server [-- --lines 15000]
 */
import { largeUblInvoice } from '@parser/test-documents';

import { buildTestApp } from '../apps/server/test/build-test-app.js';
import {
  company,
  createInvoiceType,
  getReview,
  processDocuments,
} from '../apps/server/test/factories.js';

import { percentile } from './latency-sampler.js';

const args = process.argv.slice(2);
const at = args.indexOf('--lines');
const lines = at >= 0 ? Number(args[at + 1]) : 15_000;
const MB = 1024 * 1024;

const t = await buildTestApp();
const admin = await company(t.app);
const typeId = await createInvoiceType(t.app, admin.headers);
const invoice = largeUblInvoice(lines, { discountEvery: 25 });
const before = process.memoryUsage();

// RSS counts the engine threads' heaps and PGlite's WebAssembly memory; the main thread's own heap
// and its buffers are printed beside it to show where the rest lives.
const peak = { rss: 0, heapUsed: 0, external: 0 };
const rssTimer = setInterval(() => {
  const memory = process.memoryUsage();
  peak.rss = Math.max(peak.rss, memory.rss);
  peak.heapUsed = Math.max(peak.heapUsed, memory.heapUsed);
  peak.external = Math.max(peak.external, memory.external);
}, 50);
const started = performance.now();
const { pipelineIds } = await processDocuments(
  t,
  admin.headers,
  typeId,
  [{ bytes: invoice.bytes, fileName: `${lines}-lines.xml` }],
  { drain: false },
);
const uploaded = performance.now();
let processing = true;
const health: number[] = [];
const drained = t.drainJobs().finally(() => {
  processing = false;
});
while (processing) {
  const asked = performance.now();
  await t.app.inject({ method: 'GET', url: '/health' });
  health.push(performance.now() - asked);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await drained;
const finished = performance.now();
clearInterval(rssTimer);
health.sort((a, b) => a - b);
const review = await getReview(t.app, admin.headers, pipelineIds[0]!);

console.log(
  `large e-invoice through the embedded server: ${lines} lines, ${(invoice.bytes.length / MB).toFixed(1)} MB`,
);
console.log(
  `  reached ${review.current_step} with ${review.extracted_data?.tables.line_items?.rows.length ?? 0} line items`,
);
console.log(
  `  upload ${((uploaded - started) / 1000).toFixed(1)} s, processing ${((finished - uploaded) / 1000).toFixed(1)} s`,
);
const after = process.memoryUsage();
console.log(
  `  RSS before ${Math.round(before.rss / MB)} MB, peak ${Math.round(peak.rss / MB)} MB, after ${Math.round(after.rss / MB)} MB; main thread heap ` +
    `peak ${Math.round(peak.heapUsed / MB)} MB (after ${Math.round(after.heapUsed / MB)}), buffers and ` +
    `WebAssembly peak ${Math.round(peak.external / MB)} MB (after ${Math.round(after.external / MB)})`,
);
console.log(
  `  /health while processing: ${health.length} requests, p50 ${percentile(health, 0.5).toFixed(1)} ms, ` +
    `p99 ${percentile(health, 0.99).toFixed(1)} ms (target < 100 ms), max ${health[health.length - 1]!.toFixed(1)} ms`,
);
await t.close();
process.exit(0);
