#!/usr/bin/env node
import module from 'node:module';

// The engine's compiled code is kept between runs (Node.js 22), so a run starts sooner.
module.enableCompileCache?.();
const { main } = await import('../dist/cli/main.js');

process.exitCode = await main(process.argv.slice(2));
