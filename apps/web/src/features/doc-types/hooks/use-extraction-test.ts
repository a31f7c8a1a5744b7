import type { DocTypeTestResult, UploadedFile } from '@parser/contracts';
import { useRef, useState } from 'react';

import { useTestExtraction } from '../api/test-doc-type';
import type { DocTypeDraft, ExampleFile } from '../utils/draft';
import { toCreateBody } from '../utils/draft-body';

/** Where the tested document comes from. */
export type TestFileSource = 'test_upload' | 'quick_setup';

export interface ExtractionTestState {
  /** A document uploaded on the Test step itself. */
  testFile: ExampleFile | null;
  /** The admin asked for a document other than Quick Setup's example. */
  wantsSeparateFile: boolean;
  uploading: boolean;
  uploadError: unknown;
  running: boolean;
  result: DocTypeTestResult | null;
  /** The draft's fields and tables as they were when `result` was produced. */
  testedDraft: DocTypeDraft | null;
  error: unknown;
}

const INITIAL_STATE: ExtractionTestState = {
  testFile: null,
  wantsSeparateFile: false,
  uploading: false,
  uploadError: null,
  running: false,
  result: null,
  testedDraft: null,
  error: null,
};

/**
 * The Test step's state, kept by the wizard so results survive moving between steps. A run tests
 * the current, unsaved configuration; it runs by itself when a file becomes available and when the
 * step is opened with a configuration or file it has not tested yet.
 */
export function useExtractionTest(uploadFile: (file: File) => Promise<UploadedFile>) {
  const testExtraction = useTestExtraction();
  const [state, setState] = useState<ExtractionTestState>(INITIAL_STATE);
  // What the last run tested (configuration and file), so opening the step again does not rerun it.
  const lastAttempt = useRef<string | null>(null);
  // Only the newest run may write its answer: an older one can finish after it.
  const runSequence = useRef(0);

  const fileFor = (draft: DocTypeDraft): { file: ExampleFile; source: TestFileSource } | null => {
    if (state.testFile) return { file: state.testFile, source: 'test_upload' };
    if (draft.exampleFile && !state.wantsSeparateFile) {
      return { file: draft.exampleFile, source: 'quick_setup' };
    }
    return null;
  };

  const run = async (draft: DocTypeDraft, file: ExampleFile) => {
    const config = toCreateBody(draft);
    lastAttempt.current = JSON.stringify([config, file.fileId]);
    runSequence.current += 1;
    const sequence = runSequence.current;
    setState((current) => ({ ...current, running: true, error: null, result: null }));
    try {
      const result = await testExtraction.mutateAsync({ config, fileId: file.fileId });
      if (sequence !== runSequence.current) return;
      setState((current) => ({ ...current, running: false, result, testedDraft: draft }));
    } catch (error) {
      if (sequence !== runSequence.current) return;
      setState((current) => ({ ...current, running: false, error }));
    }
  };

  /** Runs unless this configuration was already tested on this file. */
  const runIfUntested = (draft: DocTypeDraft) => {
    const source = fileFor(draft);
    if (!source) return;
    const attempt = JSON.stringify([toCreateBody(draft), source.file.fileId]);
    if (attempt !== lastAttempt.current) void run(draft, source.file);
  };

  const uploadTestFile = async (draft: DocTypeDraft, file: File) => {
    setState((current) => ({ ...current, uploading: true, uploadError: null }));
    try {
      const uploaded = await uploadFile(file);
      const testFile = { fileId: uploaded.fileId, fileName: uploaded.fileName || file.name };
      setState((current) => ({ ...current, uploading: false, testFile }));
      void run(draft, testFile);
    } catch (uploadError) {
      setState((current) => ({ ...current, uploading: false, uploadError }));
    }
  };

  /** 'Upload different file' / 'Upload separate test file': forget the file and the results. */
  const clearFile = () => {
    runSequence.current += 1;
    lastAttempt.current = null;
    setState({ ...INITIAL_STATE, wantsSeparateFile: true });
  };

  return { state, fileFor, run, runIfUntested, uploadTestFile, clearFile };
}

export type ExtractionTest = ReturnType<typeof useExtractionTest>;
