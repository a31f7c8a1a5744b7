import { createServer } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from './build-test-app.js';
import { ModelStandIn } from './model-stand-in.js';

/** An address on loopback where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GET /health with a model configured', () => {
  let t: TestApp | undefined;
  let standIn: ModelStandIn | undefined;

  afterEach(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('reports the model endpoint up when it answers', async () => {
    standIn = await new ModelStandIn(() => ({ answer: {} })).start();
    t = await buildTestApp({ LLM_BASE_URL: standIn.baseUrl, LLM_MODEL: 'stand-in-7b' });
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'up', model: 'up' });
  });

  it('reports it down without failing the health check', async () => {
    const port = await closedPort();
    t = await buildTestApp({ LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'm' });
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'up', model: 'down' });
  });
});
