import { setupServer } from 'msw/node';

import { defaultHandlers } from './default-handlers';

/**
 * The API the web tests talk to. It starts with the default handlers; a test adds its own with
 * `mockApi` (or `server.use`), and they are dropped after each test.
 */
export const server = setupServer(...defaultHandlers);
