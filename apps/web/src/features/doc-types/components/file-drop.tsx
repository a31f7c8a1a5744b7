import { Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { UPLOAD_EXTENSIONS } from '@parser/contracts';
import { useState } from 'react';

import { DropZoneContent } from '@/components/drop-zone-content';

/**
 * The document formats the wizard's drop zones take (spec section 5, plus e-invoice XML), by
 * MIME type and extension.
 */
const DOCUMENT_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  // E-invoices sent as XML (UBL, CII); the server accepts only those, whatever the name says.
  'application/xml': ['.xml'],
  'text/xml': ['.xml'],
};

/** The extensions as the drop zone names them. */
const DOCUMENT_EXTENSIONS = [...UPLOAD_EXTENSIONS, 'xml'].join(', ');

function rejectionMessage(rejections: FileRejection[]): string {
  if (rejections.length > 1) return 'Too many files';
  const code = rejections[0]?.errors[0]?.code;
  if (code === 'too-many-files') return 'Too many files';
  if (code === 'file-invalid-type') return `File type must be ${DOCUMENT_EXTENSIONS}`;
  return rejections[0]?.errors[0]?.message ?? 'This file cannot be used';
}

export interface FileDropProps {
  /** The main line, also the file input's accessible name. */
  title: string;
  /** The line under the title. */
  subtitle: string;
  /** Called with the one accepted file. */
  onFile: (file: File) => void;
  /** Shows a spinner over the zone and ignores drops. */
  loading?: boolean;
}

/** A single-document drop zone (png, jpg, jpeg, pdf, doc, docx, xml), also opened by click or keyboard. */
export function FileDrop({ title, subtitle, onFile, loading = false }: FileDropProps) {
  const [rejection, setRejection] = useState<string | null>(null);

  return (
    <Stack gap={4}>
      <Dropzone
        multiple={false}
        maxFiles={1}
        accept={DOCUMENT_ACCEPT}
        loading={loading}
        onDrop={(files) => {
          setRejection(null);
          const [file] = files;
          if (file) onFile(file);
        }}
        onReject={(rejections) => setRejection(rejectionMessage(rejections))}
        inputProps={{ 'aria-label': title }}
      >
        <DropZoneContent
          title={title}
          subtitle={subtitle}
          hint={`One file: ${DOCUMENT_EXTENSIONS}`}
        />
      </Dropzone>
      {rejection && (
        <Text size="sm" c="red" role="alert">
          {rejection}
        </Text>
      )}
    </Stack>
  );
}
