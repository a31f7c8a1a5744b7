import { XMLParser, XMLValidator } from 'fast-xml-parser';

import { DocumentReadError } from '../reading/errors.js';

/** An element as read: its qualified name, attributes, own text and child elements in order. */
export interface XmlElement {
  /** As written, with the document's prefix: `cbc:ID`. */
  name: string;
  /** Without the prefix: `ID`. */
  local: string;
  attributes: Record<string, string>;
  /** The element's own text, trimmed ('' for none). */
  text: string;
  children: XmlElement[];
  /** Absolute XPath with the document's prefixes; `[n]` only where siblings share the name. */
  xpath: string;
}

/** E-invoices are kilobytes; anything this large is not one, and parsing it costs memory. */
export const MAX_XML_BYTES = 10 * 1024 * 1024;
/** UBL and CII nest about ten levels deep; far deeper is a hostile or broken file. */
export const MAX_XML_DEPTH = 48;

const refuse = (reason: string, detail?: string) =>
  new DocumentReadError('CORRUPT', {
    userMessage: `The e-invoice XML cannot be read: ${reason}.`,
    ...(detail ? { detail } : {}),
  });

const PREDEFINED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/**
 * The predefined and numeric character references, decoded in one pass (the parser's own entity
 * handling is off, so nothing a file declares is ever expanded).
 */
function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

/** UTF-8 (with or without BOM) or UTF-16 with a BOM, as XML files are saved. */
export function decodeXmlText(bytes: Uint8Array): string | null {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) {
      return new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    }
    if (bytes[0] === 0xfe && bytes[1] === 0xff) {
      return new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    }
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

function toElement(node: OrderedNode, name: string, xpath: string): XmlElement {
  const content = (node[name] as OrderedNode[] | undefined) ?? [];
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(node[':@'] ?? {})) {
    attributes[key] = decodeReferences(String(value));
  }
  const texts: string[] = [];
  const childNodes: { name: string; node: OrderedNode }[] = [];
  for (const item of content) {
    if ('#text' in item) texts.push(String(item['#text']));
    else {
      const childName = Object.keys(item).find((key) => key !== ':@');
      if (childName && !childName.startsWith('?')) childNodes.push({ name: childName, node: item });
    }
  }
  const counts = new Map<string, number>();
  for (const child of childNodes) counts.set(child.name, (counts.get(child.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  const children = childNodes.map((child) => {
    const index = (seen.get(child.name) ?? 0) + 1;
    seen.set(child.name, index);
    const step = (counts.get(child.name) ?? 0) > 1 ? `${child.name}[${index}]` : child.name;
    return toElement(child.node, child.name, `${xpath}/${step}`);
  });
  return {
    name,
    local: name.includes(':') ? name.slice(name.indexOf(':') + 1) : name,
    attributes,
    text: decodeReferences(texts.join('')).trim(),
    children,
    xpath,
  };
}

/**
 * Parses an e-invoice's XML safely. A document type declaration is refused outright: e-invoice
 * syntaxes never need one, and it is how external entities (XXE) and entity expansion ("billion
 * laughs") attacks are made. Nothing is fetched, size and nesting are bounded, and malformed XML
 * is refused with the parser's reason. Throws DocumentReadError.
 */
export function parseXmlSafely(bytes: Uint8Array): XmlElement {
  if (bytes.length > MAX_XML_BYTES) {
    throw new DocumentReadError('TOO_LARGE', {
      userMessage: 'The XML file is larger than the largest e-invoice that can be read (10 MB).',
    });
  }
  const text = decodeXmlText(bytes);
  if (text === null) throw refuse('it is not valid UTF-8 or UTF-16 text');
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw refuse('it declares a document type or entities, which e-invoices never use');
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw refuse('it is not well-formed XML', `line ${valid.err.line}: ${valid.err.msg}`);
  }
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: false,
    htmlEntities: false,
    maxNestedTags: MAX_XML_DEPTH,
  });
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(text) as OrderedNode[];
  } catch (error) {
    throw refuse(
      /nested/i.test(String(error)) ? 'its elements nest too deeply' : 'it is not well-formed XML',
      error instanceof Error ? error.message : String(error),
    );
  }
  const roots = nodes.flatMap((node) => {
    const name = Object.keys(node).find((key) => key !== ':@');
    return name && !name.startsWith('?') ? [{ name, node }] : [];
  });
  const root = roots[0];
  if (!root || roots.length > 1) throw refuse('it has no single root element');
  return toElement(root.node, root.name, `/${root.name}`);
}

/** The first child with this local name, following a path of local names. */
export function childAt(
  element: XmlElement | undefined,
  ...path: string[]
): XmlElement | undefined {
  let current = element;
  for (const local of path) {
    current = current?.children.find((child) => child.local === local);
    if (!current) return undefined;
  }
  return current;
}

/** Every child with this local name. */
export const childrenNamed = (element: XmlElement | undefined, local: string): XmlElement[] =>
  element?.children.filter((child) => child.local === local) ?? [];

/** The namespace URI an element's prefix is bound to, looked up on the root (where e-invoices declare them). */
export function namespaceOf(root: XmlElement, element: XmlElement = root): string | null {
  const prefix = element.name.includes(':') ? element.name.slice(0, element.name.indexOf(':')) : '';
  return root.attributes[prefix ? `xmlns:${prefix}` : 'xmlns'] ?? null;
}
