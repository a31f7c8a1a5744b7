/**
 * Small files that describe huge ones, for the engine's reading limits: a valid PNG of many blank
 * pixels, and a DOCX whose document part inflates far beyond its stored size. Both are built with
 * zlib, so making them costs little however large they claim to be.
 */
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

import { CONTENT_TYPES, type GeneratedDocument } from './document.js';

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid, entirely white 1-bit greyscale PNG of `width` × `height` pixels (a few hundred KB). */
export function blankPng(width: number, height: number): GeneratedDocument {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { bytes: new Uint8Array(bytes), fileName: 'poster.png', contentType: CONTENT_TYPES.png };
}

/** A ZIP of deflated parts with local headers and a central directory, as Word writes them. */
function zip(parts: { name: string; content: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const data = deflateRawSync(part.content, { level: 9 });
    const crc = crc32(part.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(part.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(part.content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A valid DOCX holding `text`, whose document part is padded with `padding` bytes of spaces between
 * paragraphs (which Word ignores and which deflate about 1000 to 1): 300 MB of padding is a 300 KB file.
 */
export function paddedDocx(text: string, padding: number): GeneratedDocument {
  const document = Buffer.concat([
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ' +
        'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
        `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`,
    ),
    Buffer.alloc(padding, 0x20),
    Buffer.from('</w:body></w:document>'),
  ]);
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
  const rels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
  const bytes = zip([
    { name: '[Content_Types].xml', content: Buffer.from(contentTypes) },
    { name: '_rels/.rels', content: Buffer.from(rels) },
    { name: 'word/document.xml', content: document },
  ]);
  return { bytes: new Uint8Array(bytes), fileName: 'padded.docx', contentType: CONTENT_TYPES.docx };
}
