import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AudioConfig } from '../config';
import { getRecordingBytes, listRecordingsOfUser, type RecordingEntry } from '../db/dataExport';
import type { Db } from '../db/db';
import {
  deleteAudio,
  deleteExpiredAudio,
  getAudioForUser,
  insertAudio,
  lockAudioOwner,
  type AudioInsert,
  listAudioByConversation,
  listAudioIdsAmong,
  listAudioSizesByUser,
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
  /** Several of one user's recordings at once (a turn's two); how many were kept. */
  keepAll(
    items: ReadonlyArray<{ messageId: string; recording: Recording | null }>,
  ): Promise<number>;
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
  /** The user's recordings still kept, for "Download my data". */
  listForUser(userId: string): Promise<RecordingEntry[]>;
  /** One of them: its bytes, or null when it went meanwhile. */
  readForUser(userId: string, entry: RecordingEntry): Promise<Buffer | null>;
  /**
   * Removes files (folder mode) whose rows a committed deletion returned, and with `userId` the
   * user's whole folder (their account is gone). Never throws: the purge's sweep catches
   * anything left behind.
   */
  removeFiles(paths: readonly string[], options?: { userId?: string }): Promise<void>;
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
    return (await keepAll([{ messageId, recording }])) === 1;
  }

  /**
   * Keeps recordings of one user's messages (a turn's: the clinician's words and the patient's
   * reply) in one transaction: one lock of the user's recordings, one read of their sizes, one
   * insert. Its commit does not wait for the disk (`synchronous_commit = off`): a recording is
   * a replay aid, and one lost to a database crash in the next fraction of a second costs less
   * than every spoken turn waiting for a flush.
   */
  async function keepAll(
    items: ReadonlyArray<{ messageId: string; recording: Recording | null }>,
  ): Promise<number> {
    const wanted = items.filter(
      (item): item is { messageId: string; recording: Recording } => item.recording !== null,
    );
    if (!enabled || wanted.length === 0) return 0;
    const written: string[] = [];
    try {
      const result = await db.transaction(async (tx) => {
        await tx.query('SET LOCAL synchronous_commit = off');
        const userId = await lockAudioOwner(tx, { messageId: wanted[0]!.messageId });
        if (!userId) {
          // The message is gone, or its owner keeps no recordings (decision 045).
          logger.debug('audio.not_kept', {
            messageIds: wanted.map((w) => w.messageId),
            reason: 'owner',
          });
          return { kept: 0, dropped: [] as string[] };
        }
        const kept = await listAudioSizesByUser(tx, { userId });
        const drop: string[] = [];
        const inserts: AudioInsert[] = [];
        for (const { messageId, recording } of wanted) {
          // A resent turn keeps its first recording, and must not make room for a second.
          if (kept.some((r) => r.id === messageId)) continue;
          const now = new Date();
          const decision = decideKeep(config, {
            incomingBytes: recording.data.length,
            kept: kept.filter((r) => !drop.includes(r.id)),
            now,
          });
          if (!decision.keep) {
            logger.debug('audio.not_kept', { messageId, reason: decision.reason });
            continue;
          }
          drop.push(...decision.drop);
          kept.push({ id: messageId, bytes: recording.data.length, createdAt: now });
          let path: string | null = null;
          if (folder) {
            // Named by owner and message, so the sweep can tell which row a file belongs to.
            path = `${userId}/${messageId}.${EXTENSIONS[recording.mime] ?? 'bin'}`;
            await mkdir(dirname(join(folder, path)), { recursive: true });
            await writeFile(join(folder, path), recording.data, { flag: 'wx' });
            written.push(path);
          }
          inserts.push({
            messageId,
            mime: recording.mime,
            bytes: recording.data.length,
            durationMs: recording.durationMs,
            data: folder ? null : recording.data,
            path,
          });
        }
        // A later recording of this batch may have made room by dropping an earlier one of it:
        // that one is not stored at all.
        const dropping = new Set(drop);
        const batch = new Set(inserts.map((i) => i.messageId));
        const dropped = await deleteAudio(tx, { messageIds: drop.filter((id) => !batch.has(id)) });
        const stored = new Set(
          await insertAudio(tx, {
            userId,
            recordings: inserts.filter((i) => !dropping.has(i.messageId)),
          }),
        );
        const unused = inserts.filter((i) => !stored.has(i.messageId) && i.path !== null);
        await removeFiles(unused.map((i) => i.path!));
        return { kept: stored.size, dropped };
      });
      await removeFiles(result.dropped);
      return result.kept;
    } catch (error) {
      await removeFiles(written);
      logger.warn('audio.keep_failed', { messageIds: wanted.map((w) => w.messageId), error });
      return 0;
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

  async function listForUser(userId: string): Promise<RecordingEntry[]> {
    if (!enabled) return [];
    return listRecordingsOfUser(db, { userId, keptSince: keptSince() });
  }

  async function readForUser(userId: string, entry: RecordingEntry): Promise<Buffer | null> {
    if (entry.path === null) {
      const data = await getRecordingBytes(db, { userId, messageId: entry.messageId });
      return data ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : null;
    }
    if (!folder) return null;
    return readFile(join(folder, entry.path)).catch(() => null);
  }

  async function removeAll(paths: readonly string[], options: { userId?: string } = {}) {
    await removeFiles(paths);
    if (folder && options.userId) {
      const dir = join(folder, options.userId);
      await rm(dir, { recursive: true, force: true }).catch((error: unknown) =>
        logger.warn('audio.file_remove_failed', { path: dir, error }),
      );
    }
  }

  return {
    enabled,
    keep,
    keepAll,
    find,
    listForConversation,
    purge,
    listForUser,
    readForUser,
    removeFiles: removeAll,
  };
}
