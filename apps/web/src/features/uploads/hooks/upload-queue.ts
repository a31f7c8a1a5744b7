import type {
  TypeSuggestion,
  UploadedFile,
  ValidateUploadBody,
  ValidationResult,
} from '@parser/contracts';

import { getErrorMessage } from '@/lib/api-client';

import {
  uploadFileWithProgress,
  type UploadProgressOptions,
} from '../api/upload-file-with-progress';
import { validateUpload } from '../api/validate-upload';

/**
 * Spec section 4: uploading, then validating, then valid or invalid; error on any failure.
 * 'queued' is a file waiting for its turn, since files are processed one after another.
 */
export type UploadStatus = 'queued' | 'uploading' | 'validating' | 'valid' | 'invalid' | 'error';

export interface UploadItem {
  id: string;
  file: File;
  status: UploadStatus;
  /** Share of the file's bytes sent, 0 to 1. */
  progress: number;
  /** Why the file is invalid or failed. */
  message: string | null;
  /** Set once the file is stored. */
  fileId: string | null;
  pages: number | null;
  /**
   * Another type the content looks more like. The file stays valid for the chosen type and is
   * processed as it unless the clerk picks this one.
   */
  suggestion: TypeSuggestion | null;
}

export interface UploadQueueDeps {
  upload: (file: File, options: UploadProgressOptions) => Promise<UploadedFile>;
  validate: (body: ValidateUploadBody) => Promise<ValidationResult>;
}

const defaultDeps: UploadQueueDeps = { upload: uploadFileWithProgress, validate: validateUpload };

const IN_PROGRESS: readonly UploadStatus[] = ['queued', 'uploading', 'validating'];

export const isInProgress = (item: UploadItem) => IN_PROGRESS.includes(item.status);

let nextId = 0;

/**
 * The files of one upload screen, stored then checked against the chosen document type one at a
 * time. A store outside React (read with useSyncExternalStore) so the sequential loop always sees
 * the current list, including files removed while it runs.
 */
export class UploadQueue {
  private items: UploadItem[] = [];
  private readonly listeners = new Set<() => void>();
  private docTypeId: string | null = null;
  private running = false;
  private current: { id: string; controller: AbortController } | null = null;

  constructor(private readonly deps: UploadQueueDeps = defaultDeps) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.items;

  /** The type files are validated against. Files already checked are checked again for a new one. */
  setDocType(docTypeId: string | null) {
    if (docTypeId === this.docTypeId) return;
    this.docTypeId = docTypeId;
    this.setItems(
      this.items.map((item) =>
        item.status === 'valid' || item.status === 'invalid'
          ? { ...item, status: 'queued', message: null, suggestion: null }
          : item,
      ),
    );
    void this.pump();
  }

  add(files: readonly File[]) {
    const added = files.map((file): UploadItem => ({
      id: `upload-${++nextId}`,
      file,
      status: 'queued',
      progress: 0,
      message: null,
      fileId: null,
      pages: null,
      suggestion: null,
    }));
    this.setItems([...this.items, ...added]);
    void this.pump();
  }

  remove(id: string) {
    if (this.current?.id === id) this.current.controller.abort();
    this.setItems(this.items.filter((item) => item.id !== id));
  }

  clear() {
    this.current?.controller.abort();
    this.setItems([]);
  }

  /** Stops the file being sent, e.g. when the screen closes. */
  dispose() {
    this.current?.controller.abort();
  }

  private setItems(items: UploadItem[]) {
    this.items = items;
    for (const listener of this.listeners) listener();
  }

  private update(id: string, patch: Partial<UploadItem>) {
    if (!this.items.some((item) => item.id === id)) return;
    this.setItems(this.items.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }

  private find(id: string) {
    return this.items.find((item) => item.id === id);
  }

  private async pump() {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const next = this.items.find((item) => item.status === 'queued');
        if (!next || this.docTypeId === null) break;
        await this.process(next, this.docTypeId);
      }
    } finally {
      this.running = false;
    }
  }

  private async process(item: UploadItem, docTypeId: string) {
    const controller = new AbortController();
    this.current = { id: item.id, controller };
    try {
      let fileId = item.fileId;
      if (fileId === null) {
        this.update(item.id, { status: 'uploading', progress: 0, message: null });
        const stored = await this.deps.upload(item.file, {
          signal: controller.signal,
          onProgress: (progress) => this.update(item.id, { progress }),
        });
        if (stored.error) {
          // Stored but unreadable (corrupt or encrypted): no type could match it.
          this.update(item.id, { status: 'error', progress: 1, message: stored.error });
          return;
        }
        fileId = stored.fileId;
        this.update(item.id, { fileId, pages: stored.pages, progress: 1 });
      }
      if (!this.find(item.id)) return;

      this.update(item.id, { status: 'validating' });
      const result = await this.deps.validate({ fileId, docTypeId });
      if (this.docTypeId !== docTypeId) {
        // The type changed while this file was checked: check it again against the new one.
        this.update(item.id, { status: 'queued' });
        return;
      }
      if (result.matchedDocTypeId === docTypeId) {
        this.update(item.id, {
          status: 'valid',
          message: result.suggestion?.reason ?? null,
          suggestion: result.suggestion ?? null,
        });
      } else {
        this.update(item.id, {
          status: 'invalid',
          message: result.reason || 'Document type validation failed',
          suggestion: null,
        });
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      this.update(item.id, { status: 'error', message: getErrorMessage(error, 'Upload failed') });
    } finally {
      this.current = null;
    }
  }
}
