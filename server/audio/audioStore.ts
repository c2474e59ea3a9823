import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AudioConfig } from '../config';
import type { Db } from '../db/db';
import {
  deleteAudio,
  deleteExpiredAudio,
  getAudioForUser,
  getMessageOwner,
  insertAudio,
  listAudioByConversation,
  listAudioIdsAmong,
  listAudioSizesByUser,
  lockUserAudio,
  type AudioRow,
} from '../db/messageAudio';
import type { Logger } from '../logger';
import type { Recording } from './recording';
import { decideKeep, expiryCutoff } from './retention';

/** A kept recording, ready to send: its bytes, or (folder mode) its file. */
export type StoredAudio =
  | { mime: string; bytes: number; data: Buffer; file: null }
  | { mime: string; bytes: number; data: null; file: { root: string; path: string } };

export interface AudioStore {
  /** False when AUDIO_RETENTION_DAYS is 0: callers need not gather audio at all. */
  readonly enabled: boolean;
  /**
   * Keeps a message's recording under the retention rule and the owner's cap; true when kept.
   * Never throws: replay is a convenience, and a failure to keep audio must not fail a turn.
   */
  keep(messageId: string, recording: Recording | null): Promise<boolean>;
  /** The recording of a message in this user's conversation, or null (also for another's). */
  find(input: {
    conversationId: string;
    messageId: string;
    userId: string;
  }): Promise<StoredAudio | null>;
  /** The messages of a conversation that can be replayed, with their lengths. */
  listForConversation(
    conversationId: string,
  ): Promise<Record<string, { durationMs: number | null }>>;
  /** Deletes expired recordings and files whose row is gone; returns how many went. */
  purge(now?: Date): Promise<number>;
}

/** Files this young may belong to a row still being inserted: the sweep leaves them. */
const ORPHAN_GRACE_MS = 10 * 60_000;

const EXTENSIONS: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/webm': 'webm',
  'audio/mpeg': 'mp3',
};

export function createAudioStore(input: {
  config: AudioConfig;
  db: Db;
  logger: Logger;
}): AudioStore {
  const { config, db, logger } = input;
  const folder = config.store.kind === 'folder' ? config.store.dir : null;
  const enabled = config.retentionDays > 0;
  const keptSince = () => expiryCutoff(new Date(), config.retentionDays);

  async function removeFiles(paths: readonly string[]) {
    if (!folder) return;
    await Promise.all(
      paths.map((path) =>
        rm(join(folder, path), { force: true }).catch((error: unknown) =>
          logger.warn('audio.file_remove_failed', { path, error }),
        ),
      ),
    );
  }

  async function keep(messageId: string, recording: Recording | null): Promise<boolean> {
    if (!enabled || !recording) return false;
    let written: string | null = null;
    try {
      const result = await db.transaction(async (tx) => {
        const userId = await getMessageOwner(tx, { messageId });
        if (!userId) return { kept: false, dropped: [] as string[] };
        await lockUserAudio(tx, { userId });
        const kept = await listAudioSizesByUser(tx, { userId });
        // A resent turn keeps its first recording, and must not make room for a second.
        if (kept.some((r) => r.id === messageId)) return { kept: false, dropped: [] as string[] };
        const decision = decideKeep(config, {
          incomingBytes: recording.data.length,
          kept,
          now: new Date(),
        });
        if (!decision.keep) {
          logger.debug('audio.not_kept', { messageId, reason: decision.reason });
          return { kept: false, dropped: [] as string[] };
        }
        const dropped = await deleteAudio(tx, { messageIds: decision.drop });
        let path: string | null = null;
        if (folder) {
          // Named by owner and message, so the sweep can tell which row a file belongs to.
          path = `${userId}/${messageId}.${EXTENSIONS[recording.mime] ?? 'bin'}`;
          await mkdir(dirname(join(folder, path)), { recursive: true });
          await writeFile(join(folder, path), recording.data, { flag: 'wx' });
          written = path;
        }
        const inserted = await insertAudio(tx, {
          messageId,
          userId,
          mime: recording.mime,
          bytes: recording.data.length,
          durationMs: recording.durationMs,
          data: folder ? null : recording.data,
          path,
        });
        if (!inserted && written) {
          await removeFiles([written]);
          written = null;
        }
        return { kept: inserted, dropped };
      });
      await removeFiles(result.dropped);
      return result.kept;
    } catch (error) {
      if (written) await removeFiles([written]);
      logger.warn('audio.keep_failed', { messageId, error });
      return false;
    }
  }

  async function find(query: {
    conversationId: string;
    messageId: string;
    userId: string;
  }): Promise<StoredAudio | null> {
    if (!enabled) return null;
    const row: AudioRow | null = await getAudioForUser(db, { ...query, keptSince: keptSince() });
    if (!row) return null;
    if (row.data) {
      const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      return { mime: row.mime, bytes: row.bytes, data, file: null };
    }
    if (!folder || !row.path) return null;
    return { mime: row.mime, bytes: row.bytes, data: null, file: { root: folder, path: row.path } };
  }

  async function listForConversation(conversationId: string) {
    if (!enabled) return {};
    const rows = await listAudioByConversation(db, { conversationId, keptSince: keptSince() });
    return Object.fromEntries(rows.map((r) => [r.messageId, { durationMs: r.durationMs }]));
  }

  /** Files under the folder whose recording row is gone (a conversation or user deleted). */
  async function sweepOrphans(now: Date): Promise<number> {
    if (!folder) return 0;
    const users = await readdir(folder, { withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const user of users) {
      if (!user.isDirectory()) continue;
      const names = await readdir(join(folder, user.name));
      const byId = new Map(names.map((name) => [name.replace(/\.[^.]*$/, ''), name]));
      const ids = [...byId.keys()].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      const live = await listAudioIdsAmong(db, { messageIds: ids });
      for (const [id, name] of byId) {
        if (live.has(id)) continue;
        const path = join(folder, user.name, name);
        const info = await stat(path).catch(() => null);
        if (!info || now.getTime() - info.mtimeMs < ORPHAN_GRACE_MS) continue;
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  async function purge(now = new Date()): Promise<number> {
    const expired = await deleteExpiredAudio(db, {
      cutoff: expiryCutoff(now, config.retentionDays),
    });
    await removeFiles(expired.paths);
    return expired.removed + (await sweepOrphans(now));
  }

  return { enabled, keep, find, listForConversation, purge };
}
