/**
 * The built-ins as Node has them, so they can be put back after a library replaces them.
 *
 * pdfjs-dist's legacy build (the one that runs on Node 20) bundles core-js, which swaps some of
 * Node's native built-ins for JavaScript versions when they differ from the specification in corner
 * cases nothing here relies on. `Array.prototype.push` is one: after pdfjs loads, every push in the
 * process (the server's requests, the database driver, the engine's rules) runs about nine times
 * slower. The snapshot is taken when this module is evaluated, so it must be imported before the
 * library; what Node lacks and the library adds (Promise.withResolvers, the new Set methods) stays.
 */

const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;

/** Where the replaced built-ins live (prototypes and namespaces Node defines natively). */
const HOSTS: Record<string, object> = {
  'Array.prototype': Array.prototype,
  Array,
  'Object.prototype': Object.prototype,
  Object,
  'Function.prototype': Function.prototype,
  'String.prototype': String.prototype,
  String,
  'Number.prototype': Number.prototype,
  Number,
  'Promise.prototype': Promise.prototype,
  Promise,
  'Map.prototype': Map.prototype,
  Map,
  'Set.prototype': Set.prototype,
  'WeakMap.prototype': WeakMap.prototype,
  'RegExp.prototype': RegExp.prototype,
  'ArrayBuffer.prototype': ArrayBuffer.prototype,
  'TypedArray.prototype': typedArrayPrototype,
  'Uint8Array.prototype': Uint8Array.prototype,
  JSON,
  Math,
  Reflect,
  globalThis,
};

const isNative = (value: unknown): value is (...args: unknown[]) => unknown =>
  typeof value === 'function' &&
  /\{\s*\[native code\]\s*\}$/.test(Function.prototype.toString.call(value));

interface NativeProperty {
  host: object;
  name: string;
  key: PropertyKey;
  descriptor: PropertyDescriptor;
}

function snapshot(): NativeProperty[] {
  const properties: NativeProperty[] = [];
  for (const [hostName, host] of Object.entries(HOSTS)) {
    for (const key of Reflect.ownKeys(host)) {
      const descriptor = Object.getOwnPropertyDescriptor(host, key);
      if (descriptor && 'value' in descriptor && isNative(descriptor.value)) {
        properties.push({ host, name: `${hostName}.${String(key)}`, key, descriptor });
      }
    }
  }
  return properties;
}

const natives = snapshot();

/**
 * Puts back every native built-in that was replaced since this module was evaluated, and answers
 * the names of those it put back.
 */
export function restoreNativeBuiltins(): string[] {
  const restored: string[] = [];
  for (const { host, name, key, descriptor } of natives) {
    const current = Object.getOwnPropertyDescriptor(host, key);
    if (current?.value === descriptor.value) continue;
    Object.defineProperty(host, key, descriptor);
    restored.push(name);
  }
  return restored;
}
