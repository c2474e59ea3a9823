/**
 * How envelopes travel between instances: PostgreSQL LISTEN/NOTIFY (pgTransport.ts), or within
 * this process when the database is embedded (localTransport.ts). The bus above it (bus.ts) does
 * not know which.
 */
export interface Transport {
  /** Sends one payload to every instance listening, this one included; resolves once sent. */
  send(payload: string): Promise<void>;
  /**
   * Starts listening. `connected` runs each time the listener is (re)connected: what was said
   * while it was away is lost, so the bus asks the others to say their state again.
   */
  start(handlers: { payload(text: string): void; connected(): void }): void;
  /**
   * The instances whose listener the database holds right now, when it can say (PostgreSQL:
   * their sessions in pg_stat_activity). A killed instance's session ends with its process, so
   * it is known gone at the next heartbeat rather than after PEER_TIMEOUT_MS.
   */
  listening?(): Promise<Set<string>>;
  close(): Promise<void>;
}
