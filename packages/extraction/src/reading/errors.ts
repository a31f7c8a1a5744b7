/** Why a document could not be read. Callers map `code` to HTTP/job states; `userMessage` is shown to people. */
export type DocumentReadErrorCode =
  | 'UNSUPPORTED_FORMAT'
  | 'CORRUPT'
  | 'ENCRYPTED'
  | 'EMPTY'
  /** Valid, but larger than the engine reads (pixels, unpacked size); see READING_LIMITS. */
  | 'TOO_LARGE';

const USER_MESSAGES: Record<DocumentReadErrorCode, string> = {
  UNSUPPORTED_FORMAT:
    'This file type is not supported. Upload a PDF, PNG, JPEG, TIFF, DOCX or DOC file.',
  CORRUPT: 'The file is damaged and cannot be read.',
  ENCRYPTED: 'The file is password-protected; remove the password and upload it again.',
  EMPTY: 'The file is empty.',
  TOO_LARGE: 'The file is larger than the largest document that can be read.',
};

export class DocumentReadError extends Error {
  override readonly name = 'DocumentReadError';
  readonly code: DocumentReadErrorCode;
  /** Plain-language explanation safe to show to the person who uploaded the file. */
  readonly userMessage: string;

  constructor(
    code: DocumentReadErrorCode,
    options: { userMessage?: string; detail?: string; cause?: unknown } = {},
  ) {
    const userMessage = options.userMessage ?? USER_MESSAGES[code];
    super(options.detail ? `${userMessage} (${options.detail})` : userMessage, {
      cause: options.cause,
    });
    this.code = code;
    this.userMessage = userMessage;
  }
}

export function isDocumentReadError(error: unknown): error is DocumentReadError {
  return error instanceof DocumentReadError;
}
