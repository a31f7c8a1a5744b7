import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults with no environment at all', () => {
    const config = loadConfig({ INIT_CWD: '/srv/parser' });
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/parser/data',
      MAX_UPLOAD_MB: 50,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('resolves a relative DATA_DIR against the directory npm was started from', () => {
    expect(loadConfig({ DATA_DIR: 'store', INIT_CWD: '/home/me/parser' }).DATA_DIR).toBe(
      '/home/me/parser/store',
    );
    expect(loadConfig({ DATA_DIR: '/var/lib/parser' }).DATA_DIR).toBe('/var/lib/parser');
    expect(loadConfig({}).DATA_DIR).toBe(path.resolve('data'));
  });

  it('lists every invalid variable in one error', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', PUBLIC_URL: 'not a url' }),
    ).toThrow(/PORT[\s\S]*LOG_LEVEL[\s\S]*PUBLIC_URL|PORT[\s\S]*PUBLIC_URL[\s\S]*LOG_LEVEL/);
  });
});
