/** A kind of business document: what it prints and what a user's schema for it asks. */
import type { Composer } from '../compose.js';
import type { KindId } from '../model.js';

export interface KindDefinition {
  id: KindId;
  /** Prints one document of the kind into the composer: title, letterhead, parties, values, table. */
  compose(c: Composer): void;
}
