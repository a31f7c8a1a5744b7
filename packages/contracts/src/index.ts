export * from './errors.js';
export * from './auth.js';
export * from './tenants.js';
export * from './presets.js';
export * from './pipeline.js';
export * from './doc-types.js';
export * from './files.js';
export * from './exports.js';
