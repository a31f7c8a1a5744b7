import {
  bytesField,
  concatBytes,
  fieldHeader,
  fieldIntegers,
  fieldText,
  float32Field,
  readFields,
  stringField,
  varintField,
  type WireField,
} from './protobuf-wire.js';

/**
 * Rewrites a PaddleOCR model exported to ONNX into an equivalent graph onnxruntime runs faster. The
 * export spells each hard-swish as four element-wise passes (x · clip(x + 3, 0, 6) / 6) and follows
 * convolutions with a learnable scale and bias (two more), which onnxruntime fuses into nothing:
 * over the recogniser they cost about as much CPU as its convolutions. Three rewrites, each exact
 * but for float rounding (outputs move by about 1e-4, the best class per step not at all):
 *  - Conv → Mul(scalar) → Add(scalar): the scale and bias folded into the convolution's weights;
 *  - x · clip(x + 3, 0, 6) / 6 → x · HardSigmoid(x; 1/6, 0.5), which onnxruntime fuses into the
 *    convolution before it;
 *  - Mul(scalar) → Add(scalar) → Conv without padding: folded into that convolution (with padding
 *    the border would see the bias where it saw zeros, so those stay).
 * Anything that does not match exactly is left as it was.
 */

// Field numbers of onnx.proto
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_OUTPUT = 12;
const VALUE_NAME = 1;
const NODE_INPUT = 1;
const NODE_OUTPUT = 2;
const NODE_NAME = 3;
const NODE_OP = 4;
const NODE_ATTRIBUTE = 5;
const ATTRIBUTE_NAME = 1;
const ATTRIBUTE_FLOAT = 2;
const ATTRIBUTE_STRING = 4;
const ATTRIBUTE_TENSOR = 5;
const ATTRIBUTE_INTS = 8;
const ATTRIBUTE_TYPE = 20;
const ATTRIBUTE_TYPE_FLOAT = 1;
const ATTRIBUTE_TYPE_TENSOR = 4;
const TENSOR_DIMS = 1;
const TENSOR_DATA_TYPE = 2;
const TENSOR_FLOAT_DATA = 4;
const TENSOR_NAME = 8;
const TENSOR_RAW_DATA = 9;
const DATA_TYPE_FLOAT = 1;

interface Tensor {
  dims: number[];
  data: Float32Array;
}

interface GraphNode {
  op: string;
  name: string;
  inputs: string[];
  outputs: string[];
  /** Attribute fields as encoded (and any other node field the rewrites do not read). */
  rest: Uint8Array[];
  /** The node as read, written back unchanged unless a rewrite replaced it. */
  encoded?: Uint8Array;
  /** The float tensor a Constant node holds, once a rewrite has read or changed it. */
  tensor?: Tensor;
}

function readNode(payload: Uint8Array, encoded: Uint8Array): GraphNode {
  const node: GraphNode = { op: '', name: '', inputs: [], outputs: [], rest: [], encoded };
  for (const f of readFields(payload)) {
    if (f.field === NODE_INPUT) node.inputs.push(fieldText(f));
    else if (f.field === NODE_OUTPUT) node.outputs.push(fieldText(f));
    else if (f.field === NODE_NAME) node.name = fieldText(f);
    else if (f.field === NODE_OP) node.op = fieldText(f);
    else node.rest.push(f.encoded);
  }
  return node;
}

/** A length-delimited field as the pieces it is written from, so a model is copied only once. */
function message(field: number, parts: Uint8Array[]): Uint8Array[] {
  return [
    fieldHeader(
      field,
      parts.reduce((n, p) => n + p.length, 0),
    ),
    ...parts,
  ];
}

function writeNode(node: GraphNode): Uint8Array[] {
  if (node.encoded) return [node.encoded];
  const rest = node.tensor ? tensorAttribute(node.outputs[0]!, node.tensor) : node.rest;
  return message(GRAPH_NODE, [
    ...node.inputs.map((name) => stringField(NODE_INPUT, name)),
    ...node.outputs.map((name) => stringField(NODE_OUTPUT, name)),
    stringField(NODE_NAME, node.name),
    stringField(NODE_OP, node.op),
    ...rest,
  ]);
}

function attributes(node: GraphNode): Map<string, WireField[]> {
  const out = new Map<string, WireField[]>();
  for (const encoded of node.rest) {
    const [f] = readFields(encoded);
    if (f?.field !== NODE_ATTRIBUTE || !(f.value instanceof Uint8Array)) continue;
    const fields = readFields(f.value);
    const name = fields.find((a) => a.field === ATTRIBUTE_NAME);
    if (name) out.set(fieldText(name), fields);
  }
  return out;
}

function floatAttribute(fields: readonly WireField[] | undefined): number | undefined {
  const f = fields?.find((a) => a.field === ATTRIBUTE_FLOAT);
  return f?.value instanceof Uint8Array
    ? new DataView(f.value.buffer, f.value.byteOffset, 4).getFloat32(0, true)
    : undefined;
}

function floatAttributeField(name: string, value: number): Uint8Array {
  return bytesField(
    NODE_ATTRIBUTE,
    concatBytes([
      stringField(ATTRIBUTE_NAME, name),
      float32Field(ATTRIBUTE_FLOAT, value),
      varintField(ATTRIBUTE_TYPE, ATTRIBUTE_TYPE_FLOAT),
    ]),
  );
}

function tensorAttribute(name: string, tensor: Tensor): Uint8Array[] {
  const data = new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength);
  const payload = [
    ...tensor.dims.map((d) => varintField(TENSOR_DIMS, d)),
    varintField(TENSOR_DATA_TYPE, DATA_TYPE_FLOAT),
    stringField(TENSOR_NAME, name),
    fieldHeader(TENSOR_RAW_DATA, data.length),
    data,
  ];
  return message(NODE_ATTRIBUTE, [
    stringField(ATTRIBUTE_NAME, 'value'),
    ...message(ATTRIBUTE_TENSOR, payload),
    varintField(ATTRIBUTE_TYPE, ATTRIBUTE_TYPE_TENSOR),
  ]);
}

/** The float tensor of a Constant node (null for other nodes and other element types). */
function constantTensor(node: GraphNode): Tensor | null {
  if (node.tensor) return node.tensor;
  if (node.op !== 'Constant') return null;
  const value = attributes(node).get('value');
  const field = value?.find((a) => a.field === ATTRIBUTE_TENSOR);
  if (!(field?.value instanceof Uint8Array)) return null;
  const fields = readFields(field.value);
  if (fieldIntegers(fields, TENSOR_DATA_TYPE)[0] !== DATA_TYPE_FLOAT) return null;
  const dims = fieldIntegers(fields, TENSOR_DIMS);
  const raw = fields.find((f) => f.field === TENSOR_RAW_DATA)?.value;
  let data: Float32Array;
  if (raw instanceof Uint8Array) data = new Float32Array(new Uint8Array(raw).buffer);
  else {
    const packed = fields.find((f) => f.field === TENSOR_FLOAT_DATA)?.value;
    if (!(packed instanceof Uint8Array)) return null;
    data = new Float32Array(new Uint8Array(packed).buffer);
  }
  if (data.length !== dims.reduce((n, d) => n * d, 1)) return null;
  node.tensor = { dims, data };
  return node.tensor;
}

/** A graph being rewritten: its nodes in order, with who produces and who reads each value. */
class Graph {
  readonly producer = new Map<string, GraphNode>();
  readonly readers = new Map<string, GraphNode[]>();

  constructor(
    public nodes: GraphNode[],
    private readonly outputs: ReadonlySet<string>,
  ) {
    this.index();
  }

  index(): void {
    this.producer.clear();
    this.readers.clear();
    for (const node of this.nodes) {
      for (const name of node.outputs) this.producer.set(name, node);
      for (const name of node.inputs) {
        const list = this.readers.get(name) ?? [];
        list.push(node);
        this.readers.set(name, list);
      }
    }
  }

  /** The one node reading a value, when no other node nor the graph's output reads it. */
  soleReader(name: string): GraphNode | null {
    const list = this.readers.get(name);
    return list?.length === 1 && !this.outputs.has(name) ? list[0]! : null;
  }

  /** A constant's tensor, when the constant feeds only `reader` (so it can be changed for it). */
  ownConstant(name: string | undefined, reader: GraphNode): Tensor | null {
    if (!name) return null;
    const node = this.producer.get(name);
    if (!node || this.soleReader(name) !== reader) return null;
    return constantTensor(node);
  }

  scalar(name: string): number | undefined {
    const node = this.producer.get(name);
    const tensor = node && constantTensor(node);
    return tensor?.data.length === 1 ? tensor.data[0] : undefined;
  }

  /** The input of a two-input node that is not `name`. */
  other(node: GraphNode, name: string): string | undefined {
    return node.inputs.length === 2 ? node.inputs.find((i) => i !== name) : undefined;
  }

  /** The scalar constant a binary node combines `name` with. */
  scalarOperand(node: GraphNode, name: string): number | undefined {
    const other = this.other(node, name);
    return other === undefined ? undefined : this.scalar(other);
  }

  /** Marks a Constant node's tensor as changed, so it is written anew. */
  changed(name: string): void {
    const node = this.producer.get(name);
    if (node) node.encoded = undefined;
  }

  /** A new Constant node holding `tensor`, placed before `before`. */
  addConstant(name: string, tensor: Tensor, before: GraphNode): void {
    const node: GraphNode = { op: 'Constant', name, inputs: [], outputs: [name], rest: [], tensor };
    this.nodes.splice(this.nodes.indexOf(before), 0, node);
  }

  remove(...nodes: GraphNode[]): void {
    const gone = new Set(nodes);
    this.nodes = this.nodes.filter((n) => !gone.has(n));
  }

  /** Drops Constant nodes nothing reads any more. */
  dropUnread(): void {
    this.index();
    this.nodes = this.nodes.filter(
      (n) =>
        n.op !== 'Constant' || n.outputs.some((o) => this.readers.has(o) || this.outputs.has(o)),
    );
  }
}

/**
 * The convolution's bias, to be changed for it: its own constant, or a new one of zeros when it has
 * none. Null when the bias is shared or not a constant.
 */
function ownBias(graph: Graph, conv: GraphNode, channels: number): Tensor | null {
  const name = conv.inputs[2];
  if (name) return graph.ownConstant(name, conv);
  const bias: Tensor = { dims: [channels], data: new Float32Array(channels) };
  const biasName = `${conv.outputs[0]}.bias`;
  graph.addConstant(biasName, bias, conv);
  conv.inputs[2] = biasName;
  conv.encoded = undefined;
  return bias;
}

/** Conv → Mul(s) → Add(b) becomes Conv with weights · s and bias · s + b. */
function foldAffineAfterConv(graph: Graph): number {
  let folded = 0;
  for (const conv of [...graph.nodes]) {
    if (conv.op !== 'Conv' || conv.outputs.length !== 1) continue;
    const mul = graph.soleReader(conv.outputs[0]!);
    if (mul?.op !== 'Mul') continue;
    const scale = graph.scalarOperand(mul, conv.outputs[0]!);
    const add = graph.soleReader(mul.outputs[0]!);
    if (scale === undefined || add?.op !== 'Add') continue;
    const shift = graph.scalarOperand(add, mul.outputs[0]!);
    const weights = graph.ownConstant(conv.inputs[1], conv);
    if (shift === undefined || !weights) continue;
    const bias = ownBias(graph, conv, weights.dims[0]!);
    if (!bias) continue;
    for (let i = 0; i < weights.data.length; i++) weights.data[i] = weights.data[i]! * scale;
    for (let o = 0; o < bias.data.length; o++) bias.data[o] = bias.data[o]! * scale + shift;
    graph.changed(conv.inputs[1]!);
    graph.changed(conv.inputs[2]!);
    conv.outputs = [add.outputs[0]!];
    conv.encoded = undefined;
    graph.remove(mul, add);
    graph.index();
    folded++;
  }
  return folded;
}

/** x · clip(x + 3, 0, 6) / 6 becomes x · HardSigmoid(x; alpha 1/6, beta 0.5). */
function fuseHardSwish(graph: Graph): number {
  let fused = 0;
  for (const add of [...graph.nodes]) {
    if (add.op !== 'Add') continue;
    const x = add.inputs.find((i) => graph.scalarOperand(add, i) === 3);
    if (x === undefined) continue;
    const clip = graph.soleReader(add.outputs[0]!);
    if (clip?.op !== 'Clip' || clip.inputs.length !== 1) continue;
    const bounds = attributes(clip);
    if (floatAttribute(bounds.get('min')) !== 0 || floatAttribute(bounds.get('max')) !== 6)
      continue;
    const mul = graph.soleReader(clip.outputs[0]!);
    if (mul?.op !== 'Mul' || graph.other(mul, clip.outputs[0]!) !== x) continue;
    const div = graph.soleReader(mul.outputs[0]!);
    if (div?.op !== 'Div' || div.inputs[0] !== mul.outputs[0] || graph.scalar(div.inputs[1]!) !== 6)
      continue;
    const gate = `${div.outputs[0]}.gate`;
    Object.assign(add, {
      op: 'HardSigmoid',
      name: gate,
      inputs: [x],
      outputs: [gate],
      rest: [floatAttributeField('alpha', 1 / 6), floatAttributeField('beta', 0.5)],
      encoded: undefined,
    });
    Object.assign(clip, {
      op: 'Mul',
      name: `${div.outputs[0]}.swish`,
      inputs: [x, gate],
      outputs: [div.outputs[0]!],
      rest: [],
      encoded: undefined,
    });
    graph.remove(mul, div);
    graph.index();
    fused++;
  }
  return fused;
}

function hasNoPadding(conv: GraphNode): boolean {
  const attrs = attributes(conv);
  const pads = attrs.get('pads');
  if (pads && fieldIntegers(pads, ATTRIBUTE_INTS).some((p) => p !== 0)) return false;
  const autoPad = attrs.get('auto_pad')?.find((a) => a.field === ATTRIBUTE_STRING);
  return !autoPad || ['NOTSET', 'VALID'].includes(fieldText(autoPad));
}

/** Mul(s) → Add(b) → Conv without padding becomes Conv with weights · s and bias + b · Σ weights. */
function foldAffineBeforeConv(graph: Graph): number {
  let folded = 0;
  for (const mul of [...graph.nodes]) {
    if (mul.op !== 'Mul') continue;
    const input = mul.inputs.find((i) => graph.scalarOperand(mul, i) !== undefined);
    if (input === undefined || graph.scalar(input) !== undefined) continue;
    const scale = graph.scalarOperand(mul, input)!;
    const add = graph.soleReader(mul.outputs[0]!);
    if (add?.op !== 'Add') continue;
    const shift = graph.scalarOperand(add, mul.outputs[0]!);
    const conv = graph.soleReader(add.outputs[0]!);
    if (shift === undefined || conv?.op !== 'Conv' || conv.inputs[0] !== add.outputs[0]) continue;
    if (!hasNoPadding(conv)) continue;
    const weights = graph.ownConstant(conv.inputs[1], conv);
    if (!weights) continue;
    const channels = weights.dims[0]!;
    const bias = ownBias(graph, conv, channels);
    if (!bias) continue;
    const perChannel = weights.data.length / channels;
    for (let o = 0; o < channels; o++) {
      let sum = 0;
      for (let i = o * perChannel; i < (o + 1) * perChannel; i++) sum += weights.data[i]!;
      bias.data[o] = bias.data[o]! + shift * sum;
    }
    for (let i = 0; i < weights.data.length; i++) weights.data[i] = weights.data[i]! * scale;
    graph.changed(conv.inputs[1]!);
    graph.changed(conv.inputs[2]!);
    conv.inputs[0] = input;
    conv.encoded = undefined;
    graph.remove(mul, add);
    graph.index();
    folded++;
  }
  return folded;
}

export interface SimplifiedModel {
  bytes: Uint8Array;
  /** How many of each rewrite were made. */
  folded: number;
  hardSwishes: number;
}

/** The model with its scale-and-bias steps folded and its hard-swishes fused (see above). */
export function simplifyModel(model: Uint8Array): SimplifiedModel {
  const modelFields = readFields(model);
  const graphField = modelFields.find((f) => f.field === MODEL_GRAPH);
  if (!(graphField?.value instanceof Uint8Array))
    return { bytes: model, folded: 0, hardSwishes: 0 };
  const graphFields = readFields(graphField.value);
  const outputs = new Set(
    graphFields
      .filter((f) => f.field === GRAPH_OUTPUT && f.value instanceof Uint8Array)
      .map((f) =>
        fieldText(readFields(f.value as Uint8Array).find((v) => v.field === VALUE_NAME)!),
      ),
  );
  const graph = new Graph(
    graphFields
      .filter((f) => f.field === GRAPH_NODE)
      .map((f) => readNode(f.value as Uint8Array, f.encoded)),
    outputs,
  );
  const folded = foldAffineAfterConv(graph);
  const hardSwishes = fuseHardSwish(graph);
  const foldedBefore = foldAffineBeforeConv(graph);
  if (folded + hardSwishes + foldedBefore === 0) return { bytes: model, folded: 0, hardSwishes: 0 };
  graph.dropUnread();
  const graphParts = [
    ...graph.nodes.flatMap(writeNode),
    ...graphFields.filter((f) => f.field !== GRAPH_NODE).map((f) => f.encoded),
  ];
  const graphLength = graphParts.reduce((n, p) => n + p.length, 0);
  // one copy of the model's bytes, not one per level of nesting
  return {
    bytes: concatBytes(
      modelFields.flatMap((f) =>
        f === graphField ? [fieldHeader(MODEL_GRAPH, graphLength), ...graphParts] : [f.encoded],
      ),
    ),
    folded: folded + foldedBefore,
    hardSwishes,
  };
}
