import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { testAppPerFile } from './support/test-app-per-file.js';

// A built web app to serve: the app reads WEB_DIST_DIR when it is built.
const distDir = mkdtempSync(path.join(tmpdir(), 'parser-web-'));
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Parser</title>');
writeFileSync(path.join(distDir, 'app.js'), 'console.log(1)');
const t = testAppPerFile({ WEB_DIST_DIR: distDir });
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe('serving the web app', () => {
  it('answers index.html for client-side routes and the root', async () => {
    for (const url of ['/', '/dashboard', '/review/123', '/invite/abc?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Parser</title>');
    }
  });

  it('serves built assets and keeps 404 JSON for API paths and missing files', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
    for (const url of ['/api/missing', '/auth/missing', '/missing.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});
