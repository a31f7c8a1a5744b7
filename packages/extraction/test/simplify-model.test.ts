import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';

import {
  bytesField,
  concatBytes,
  float32Field,
  readFields,
  stringField,
  varintField,
} from '../src/reading/ppocr/protobuf-wire.js';
import { simplifyModel } from '../src/reading/ppocr/simplify-model.js';

// onnx.proto field numbers, as the model is written by hand below
const attribute = (name: string, ...value: Uint8Array[]) =>
  bytesField(5, concatBytes([stringField(1, name), ...value]));
const floatAttribute = (name: string, v: number) =>
  attribute(name, float32Field(2, v), varintField(20, 1));
const intsAttribute = (name: string, values: number[]) =>
  attribute(name, ...values.map((v) => varintField(8, v)), varintField(20, 7));

function node(op: string, inputs: string[], output: string, ...attributes: Uint8Array[]) {
  return bytesField(
    1,
    concatBytes([
      ...inputs.map((i) => stringField(1, i)),
      stringField(2, output),
      stringField(3, output),
      stringField(4, op),
      ...attributes,
    ]),
  );
}

function constant(name: string, dims: number[], values: number[]) {
  const data = new Uint8Array(Float32Array.from(values).buffer);
  const tensor = concatBytes([
    ...dims.map((d) => varintField(1, d)),
    varintField(2, 1),
    stringField(8, name),
    bytesField(9, data),
  ]);
  return node('Constant', [], name, attribute('value', bytesField(5, tensor), varintField(20, 4)));
}

function valueInfo(field: number, name: string, dims: number[]) {
  const shape = concatBytes(dims.map((d) => bytesField(1, varintField(1, d))));
  const tensorType = concatBytes([varintField(1, 1), bytesField(2, shape)]);
  return bytesField(
    field,
    concatBytes([stringField(1, name), bytesField(2, bytesField(1, tensorType))]),
  );
}

const seeded = (seed: number) => () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647 - 0.5;
};

/**
 * A model shaped as PaddleOCR exports its recogniser's blocks: a padded convolution, a scale and
 * bias, hard-swish spelt out as x · clip(x + 3, 0, 6) / 6, another scale and bias, then a 1×1
 * convolution without bias.
 */
function paddleStyleModel(): Uint8Array {
  const random = seeded(7);
  const nodes = [
    constant('w1', [2, 2, 3, 3], Array.from({ length: 36 }, random)),
    constant('b1', [2], [0.1, -0.2]),
    node(
      'Conv',
      ['x', 'w1', 'b1'],
      'c1',
      intsAttribute('kernel_shape', [3, 3]),
      intsAttribute('pads', [1, 1, 1, 1]),
    ),
    constant('s1', [1], [1.5]),
    node('Mul', ['c1', 's1'], 'm1'),
    constant('t1', [1], [0.25]),
    node('Add', ['m1', 't1'], 'a1'),
    constant('three', [1], [3]),
    node('Add', ['a1', 'three'], 'h1'),
    node('Clip', ['h1'], 'h2', floatAttribute('min', 0), floatAttribute('max', 6)),
    node('Mul', ['a1', 'h2'], 'h3'),
    constant('six', [1], [6]),
    node('Div', ['h3', 'six'], 'h4'),
    constant('s2', [1], [0.8]),
    node('Mul', ['s2', 'h4'], 'm2'),
    constant('t2', [1], [-0.3]),
    node('Add', ['m2', 't2'], 'a2'),
    constant('w2', [3, 2, 1, 1], [0.5, -1, 2, 0.25, -0.75, 1.5]),
    node('Conv', ['a2', 'w2'], 'y', intsAttribute('kernel_shape', [1, 1])),
  ];
  return modelOf(nodes);
}

/** A model (opset 9) of the nodes, from x [1, 2, 5, 6] to y [1, 3, 5, 6]. */
function modelOf(nodes: Uint8Array[]): Uint8Array {
  const graph = concatBytes([
    ...nodes,
    stringField(2, 'blocks'),
    valueInfo(11, 'x', [1, 2, 5, 6]),
    valueInfo(12, 'y', [1, 3, 5, 6]),
  ]);
  return concatBytes([
    varintField(1, 4),
    bytesField(7, graph),
    bytesField(8, concatBytes([stringField(1, ''), varintField(2, 9)])),
  ]);
}

async function run(model: Uint8Array, input: Float32Array): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(model, { logSeverityLevel: 3 });
  const out = await session.run({ x: new ort.Tensor('float32', input, [1, 2, 5, 6]) });
  await session.release();
  return out.y!.data as Float32Array;
}

function ops(model: Uint8Array): string[] {
  const graph = readFields(model).find((f) => f.field === 7)!.value as Uint8Array;
  return readFields(graph)
    .filter((f) => f.field === 1)
    .map((f) => readFields(f.value as Uint8Array).find((n) => n.field === 4)!.value as Uint8Array)
    .map((op) => new TextDecoder().decode(op))
    .filter((op) => op !== 'Constant');
}

describe('simplifying an exported model', () => {
  it('folds scales and biases into convolutions and fuses hard-swish, computing the same', async () => {
    const model = paddleStyleModel();
    const simplified = simplifyModel(model);
    expect(simplified.folded).toBe(2);
    expect(simplified.hardSwishes).toBe(1);
    expect(ops(model)).toEqual([
      'Conv',
      'Mul',
      'Add',
      'Add',
      'Clip',
      'Mul',
      'Div',
      'Mul',
      'Add',
      'Conv',
    ]);
    expect(ops(simplified.bytes)).toEqual(['Conv', 'HardSigmoid', 'Mul', 'Conv']);
    const random = seeded(11);
    // wide enough that hard-swish's three pieces (0, the curve, the identity) are all reached
    const input = Float32Array.from({ length: 60 }, () => random() * 12);
    const before = await run(model, input);
    const after = await run(simplified.bytes, input);
    expect(after).toHaveLength(before.length);
    before.forEach((v, i) => expect(after[i]).toBeCloseTo(v, 5));
  });

  it('keeps a scale and bias before a padded convolution, whose border would see the bias', () => {
    const random = seeded(3);
    const model = modelOf([
      constant('s', [1], [2]),
      node('Mul', ['x', 's'], 'm'),
      constant('t', [1], [1]),
      node('Add', ['m', 't'], 'a'),
      constant('w', [3, 2, 3, 3], Array.from({ length: 54 }, random)),
      node(
        'Conv',
        ['a', 'w'],
        'y',
        intsAttribute('kernel_shape', [3, 3]),
        intsAttribute('pads', [1, 1, 1, 1]),
      ),
    ]);
    const simplified = simplifyModel(model);
    expect(simplified.folded).toBe(0);
    expect(simplified.bytes).toBe(model);
  });
});
