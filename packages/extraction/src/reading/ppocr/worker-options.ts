import { Worker } from 'node:worker_threads';

/** Whether a worker thread takes an option: V8 and process-wide ones (--expose-gc, --max-old-space-size) it refuses. */
const acceptedByWorkers = new Map<string, boolean>();

function workerAccepts(option: string): boolean {
  const known = acceptedByWorkers.get(option);
  if (known !== undefined) return known;
  let accepted = true;
  try {
    void new Worker('', { eval: true, execArgv: [option] }).terminate();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error;
    accepted = false;
  }
  acceptedByWorkers.set(option, accepted);
  return accepted;
}

/**
 * The node options for the OCR worker threads, which run eval'd CommonJS source: the process's own
 * options (undefined: inherited as node passes them on), except one that would make that source an
 * ES module (`node --input-type=module -e …` starting the engine would otherwise leave it unable to
 * start a worker). Listing the options for a worker makes node check each, so the ones a worker
 * refuses (--expose-gc, --max-old-space-size), which it would leave out when inheriting, are left out.
 */
export function workerExecArgv(
  execArgv: readonly string[] = process.execArgv,
  accepts: (option: string) => boolean = workerAccepts,
): string[] | undefined {
  if (!execArgv.some((arg) => arg.startsWith('--input-type'))) return undefined;
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    // an option's value may follow it as the next argument ("--import tsx")
    const value = !arg.includes('=') && execArgv[i + 1]?.startsWith('-') === false;
    const option = value ? [arg, execArgv[i + 1]!] : [arg];
    if (value) i++;
    if (arg.startsWith('--input-type') || !accepts(option.join('='))) continue;
    kept.push(...option);
  }
  return kept;
}
