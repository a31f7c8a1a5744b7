/**
 * The protobuf wire format, as far as editing an ONNX model's graph needs: a message read as its
 * fields in order (each kept with its encoded bytes, so untouched fields are written back as they
 * were), and fields encoded again. Values are JavaScript numbers: exact up to 2^53, which every size,
 * count and enum of a model stays within.
 */

export const VARINT = 0;
export const FIXED64 = 1;
export const LENGTH_DELIMITED = 2;
export const FIXED32 = 5;

export interface WireField {
  field: number;
  wire: number;
  /** The number of a varint; the payload of the other wire types. */
  value: number | Uint8Array;
  /** The whole field as encoded, key included. */
  encoded: Uint8Array;
}

function readVarint(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  let scale = 1;
  let byte: number;
  do {
    if (at >= bytes.length) throw new Error('truncated protobuf varint');
    byte = bytes[at++]!;
    value += (byte & 0x7f) * scale;
    scale *= 128;
  } while (byte & 0x80);
  return [value, at];
}

/** The fields of one message, in the order they are encoded. */
export function readFields(bytes: Uint8Array): WireField[] {
  const fields: WireField[] = [];
  let at = 0;
  while (at < bytes.length) {
    const start = at;
    let key: number;
    [key, at] = readVarint(bytes, at);
    const wire = key & 7;
    let value: number | Uint8Array;
    if (wire === VARINT) [value, at] = readVarint(bytes, at);
    else if (wire === FIXED64 || wire === FIXED32) {
      const size = wire === FIXED64 ? 8 : 4;
      value = bytes.subarray(at, at + size);
      at += size;
    } else if (wire === LENGTH_DELIMITED) {
      let length: number;
      [length, at] = readVarint(bytes, at);
      value = bytes.subarray(at, at + length);
      at += length;
    } else throw new Error(`unsupported protobuf wire type ${wire}`);
    if (at > bytes.length) throw new Error('truncated protobuf field');
    fields.push({ field: Math.floor(key / 8), wire, value, encoded: bytes.subarray(start, at) });
  }
  return fields;
}

function varintBytes(value: number): number[] {
  const out: number[] = [];
  while (value >= 128) {
    out.push((value % 128) | 128);
    value = Math.floor(value / 128);
  }
  out.push(value);
  return out;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function varintField(field: number, value: number): Uint8Array {
  return Uint8Array.from([...varintBytes(field * 8 + VARINT), ...varintBytes(value)]);
}

/** The key and length that open a length-delimited field of `length` bytes. */
export function fieldHeader(field: number, length: number): Uint8Array {
  return Uint8Array.from([...varintBytes(field * 8 + LENGTH_DELIMITED), ...varintBytes(length)]);
}

export function bytesField(field: number, payload: Uint8Array): Uint8Array {
  return concatBytes([fieldHeader(field, payload.length), payload]);
}

export function stringField(field: number, text: string): Uint8Array {
  return bytesField(field, new TextEncoder().encode(text));
}

export function float32Field(field: number, value: number): Uint8Array {
  const payload = new Uint8Array(4);
  new DataView(payload.buffer).setFloat32(0, value, true);
  return concatBytes([Uint8Array.from(varintBytes(field * 8 + FIXED32)), payload]);
}

/** A length-delimited field's payload as text. */
export function fieldText(field: WireField): string {
  return field.value instanceof Uint8Array ? new TextDecoder().decode(field.value) : '';
}

/** The repeated integers of a field, whether packed into one payload or written one by one. */
export function fieldIntegers(fields: readonly WireField[], number: number): number[] {
  const out: number[] = [];
  for (const f of fields) {
    if (f.field !== number) continue;
    if (typeof f.value === 'number') out.push(f.value);
    else if (f.wire === LENGTH_DELIMITED) {
      for (let at = 0; at < f.value.length;) {
        let value: number;
        [value, at] = readVarint(f.value, at);
        out.push(value);
      }
    }
  }
  return out;
}
