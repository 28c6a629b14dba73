import type { PartOf } from '../support/proc-tree.js';

/** A server under test: where its MP3 is, and its processes. */
export interface Side {
  name: string;
  port: number;
  path: string;
  /** The process that holds the listeners' connections. */
  pid: number;
  /** Every process of the side, with their descendants: the server and its source. */
  roots: number[];
  /** Names the side's processes in the printed breakdown. */
  partOf: PartOf;
  /** Connections opening at a time. */
  inFlight: number;
}
