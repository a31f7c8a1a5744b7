// pdfjs-dist ships no declarations for its worker bundle; only its presence is used here.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
