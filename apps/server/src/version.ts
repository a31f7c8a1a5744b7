/** Parser's version, as GET /health, the worker's status port and the API docs report it. */
export const VERSION = '0.1.0';
