import { describe, expect, it } from 'vitest';

import { workerExecArgv } from '../src/reading/ppocr/worker-options.js';

describe("the OCR workers' node options", () => {
  it("leaves them to node's own inheritance when nothing must be taken out (node --expose-gc)", () => {
    expect(workerExecArgv(['--expose-gc', '--import', 'tsx'])).toBeUndefined();
  });

  it('takes out the input type and the options a worker refuses, keeping the rest with their values', () => {
    const refused = new Set(['--expose-gc', '--max-old-space-size=512']);
    const accepts = (option: string) => !refused.has(option);
    expect(
      workerExecArgv(
        ['--input-type', 'module', '--expose-gc', '--import', 'tsx', '--max-old-space-size=512'],
        accepts,
      ),
    ).toEqual(['--import', 'tsx']);
    expect(workerExecArgv(['--input-type=module', '--enable-source-maps'], accepts)).toEqual([
      '--enable-source-maps',
    ]);
  });
});
