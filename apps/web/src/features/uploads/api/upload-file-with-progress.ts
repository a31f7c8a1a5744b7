import { ErrorSchema, type UploadedFile, UploadedFileSchema } from '@parser/contracts';

import { ApiError, getAccessToken, refreshAccessToken } from '@/lib/api-client';

const BASE_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '';
const UPLOAD_PATH = '/api/files:upload';

export interface UploadProgressOptions {
  /** Called as bytes leave the browser, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  /** Aborts the upload (Remove, Clear All). */
  signal?: AbortSignal;
}

interface RawAnswer {
  status: number;
  statusText: string;
  body: string;
}

/** fetch cannot report upload progress, so this one request goes through XMLHttpRequest. */
function send(file: File, options: UploadProgressOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE_URL}${UPLOAD_PATH}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText });
    xhr.onerror = () =>
      reject(new ApiError({ code: 'INTERNAL', status: 0, detail: 'Upload failed' }));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POST /api/files:upload (multipart, part `file`) with progress events. Answers like the JSON
 * client: the contract's UploadedFile, or an ApiError with the server's detail; a 401 gets one
 * token refresh and one retry.
 */
export async function uploadFileWithProgress(
  file: File,
  options: UploadProgressOptions = {},
): Promise<UploadedFile> {
  let answer = await send(file, options);
  if (answer.status === 401) {
    await refreshAccessToken();
    answer = await send(file, options);
  }
  const json = parseJson(answer.body);
  if (answer.status < 200 || answer.status >= 300) {
    const error = ErrorSchema.safeParse(json);
    throw new ApiError({
      code: error.success ? error.data.code : 'INTERNAL',
      status: answer.status,
      detail: error.success ? error.data.detail : answer.statusText || 'Upload failed',
    });
  }
  const parsed = UploadedFileSchema.safeParse(json);
  if (!parsed.success) {
    console.error(`API POST ${UPLOAD_PATH}: unexpected response`, parsed.error);
    throw new ApiError({
      code: 'INTERNAL',
      status: answer.status,
      detail: 'Unexpected response from server',
    });
  }
  return parsed.data;
}
