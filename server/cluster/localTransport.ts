import { EventEmitter } from 'node:events';
import type { Transport } from './transport';

/**
 * The bus without PostgreSQL: an embedded database (PGlite) lives in one process, so every
 * instance that can share it is in this process too (tests start two on one database). Keyed by
 * the database object, so two databases in one process stay apart.
 */
const rooms = new WeakMap<object, EventEmitter>();

export function createLocalTransport(database: object): Transport {
  let room = rooms.get(database);
  if (!room) rooms.set(database, (room = new EventEmitter().setMaxListeners(0)));
  const shared = room;
  let listener: ((text: string) => void) | null = null;
  return {
    async send(payload) {
      // Delivered later, as NOTIFY is: never inside the sender's own call stack.
      setImmediate(() => shared.emit('payload', payload));
    },
    start(handlers) {
      listener = (text) => handlers.payload(text);
      shared.on('payload', listener);
      setImmediate(() => handlers.connected());
    },
    async close() {
      if (listener) shared.off('payload', listener);
      listener = null;
    },
  };
}
