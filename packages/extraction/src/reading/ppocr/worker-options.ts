/**
 * The node options for the OCR worker threads, which run eval'd CommonJS source: the process's own
 * options, except one that would make that source an ES module (`node --input-type=module -e …`
 * starting the engine would otherwise leave it unable to start a worker).
 */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    if (arg.startsWith('--input-type=')) continue;
    if (arg === '--input-type') {
      i++;
      continue;
    }
    kept.push(arg);
  }
  return kept;
}
