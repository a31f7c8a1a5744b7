import { List, Stack } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useState } from 'react';

import { DropZoneContent } from '@/components/drop-zone-content';

/** What the upload screen takes (spec section 5, plus TIFF and e-invoice XML), by MIME type and extension. */
export const UPLOAD_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/tiff': ['.tif', '.tiff'],
  // E-invoices sent as XML (UBL, CII); the server accepts only those, whatever the name says.
  'application/xml': ['.xml'],
  'text/xml': ['.xml'],
};

/** The extensions as the type message names them. */
export const UPLOAD_TYPES_TEXT = 'png, jpg, jpeg, pdf, doc, docx, tiff, xml';

/** Spec section 5's drop-zone messages for one refused file. */
export function rejectionText(rejection: FileRejection): string {
  const error = rejection.errors[0];
  if (error?.code === 'file-invalid-type') return `File type must be ${UPLOAD_TYPES_TEXT}`;
  if (error?.code === 'too-many-files') return 'Too many files';
  // react-dropzone's own texts: 'File is larger than {n} bytes' / 'File is smaller than {n} bytes'.
  return error?.message ?? 'This file cannot be used';
}

export interface UploadDropZoneProps {
  /** Called with the accepted files, in the order given. */
  onFiles: (files: File[]) => void;
  /** Largest accepted file in bytes; none by default (spec section 5). */
  maxSize?: number;
}

/** Drop or pick any number of documents. Refused files are listed with the reason. */
export function UploadDropZone({ onFiles, maxSize }: UploadDropZoneProps) {
  const [rejections, setRejections] = useState<FileRejection[]>([]);

  return (
    <Stack gap={4}>
      <Dropzone
        multiple
        accept={UPLOAD_ACCEPT}
        maxSize={maxSize}
        onDrop={(files) => {
          setRejections([]);
          if (files.length > 0) onFiles(files);
        }}
        onReject={setRejections}
        inputProps={{ 'aria-label': 'Upload documents' }}
      >
        <DropZoneContent
          title="Drag documents here or click to select files"
          subtitle="Each file is uploaded and checked against the chosen document type"
          hint={`Accepted: ${UPLOAD_TYPES_TEXT}`}
        />
      </Dropzone>
      {rejections.length > 0 && (
        <List size="sm" c="red" role="alert">
          {rejections.map((rejection, index) => (
            <List.Item key={`${rejection.file.name}-${index}`}>
              {rejection.file.name}: {rejectionText(rejection)}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
