// word-extractor ships no type declarations; this covers the part we use.
declare module 'word-extractor' {
  interface WordDocument {
    getBody(): string;
  }
  class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
  export = WordExtractor;
}
