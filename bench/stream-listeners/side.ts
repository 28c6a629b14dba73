/** A server under test: where its MP3 is, and its process. */
export interface Side {
  name: string;
  port: number;
  path: string;
  pid: number;
  /** Connections opening at a time. */
  inFlight: number;
}
