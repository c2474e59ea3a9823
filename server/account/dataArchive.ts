import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { MY_DATA_TEXT } from '#shared/text';
import type { AudioStore } from '../audio/audioStore';
import { loadConversationRecord } from '../conversations/conversationDetail';
import { listCoTeachingForExport } from '../db/coInstructors';
import { exportOwnScenarios, listOwnScenarios } from '../db/customScenarios';
import { listConversationsOfUser, type RecordingEntry } from '../db/dataExport';
import type { Db } from '../db/db';
import { listMemberships } from '../db/memberships';
import { listTrainedOrganisations } from '../db/organisations';
import { getKeepRecordings } from '../db/recordingConsent';
import { getAccount } from '../db/users';

const AUDIO_EXTENSIONS: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/webm': 'webm',
  'audio/mpeg': 'mp3',
};

/** Where a recording goes in the archive: beside the other recordings of its conversation. */
export function recordingFileName(
  entry: Pick<RecordingEntry, 'conversationId' | 'messageId' | 'mime'>,
) {
  const extension = AUDIO_EXTENSIONS[entry.mime] ?? 'bin';
  return `recordings/${entry.conversationId}/${entry.messageId}.${extension}`;
}

/** A conversation's file: its start date first, so the folder lists in the order practised. */
export function conversationFileName(conversation: { id: string; createdAt: string }) {
  return `conversations/${conversation.createdAt.slice(0, 10)}_${conversation.id}.json`;
}

/**
 * Writes "everything of mine" as a ZIP to `out` (decision 045), one file at a time: the archive
 * is streamed as it is made, each conversation is read from the database only when its turn
 * comes, and each recording is read on its own, so the memory used is one conversation or one
 * recording at most, however much the account holds. Waits for `out` to drain between files.
 * Stops (and returns false) when `out` is destroyed: the browser went away.
 */
export async function writeDataArchive(input: {
  db: Db;
  audio: AudioStore;
  userId: string;
  out: Writable;
  now?: Date;
}): Promise<boolean> {
  const { db, audio, userId, out } = input;
  let failed: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failed = error;
      return;
    }
    if (!out.destroyed) out.write(chunk);
    if (final) out.end();
  });

  const flush = async () => {
    if (failed) throw failed;
    if (out.destroyed) return false;
    if (out.writableNeedDrain) {
      await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    return !out.destroyed;
  };
  const addJson = async (name: string, value: unknown) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(`${JSON.stringify(value, null, 2)}\n`), true);
    return flush();
  };
  const addStored = async (name: string, data: Uint8Array) => {
    // Audio does not deflate much: stored as it is, it costs no CPU.
    const file = new ZipPassThrough(name);
    zip.add(file);
    file.push(data, true);
    return flush();
  };

  const readme = new ZipDeflate('README.txt', { level: 6 });
  zip.add(readme);
  readme.push(strToU8(MY_DATA_TEXT.archiveReadme((input.now ?? new Date()).toISOString())), true);
  if (!(await flush())) return false;

  const [account, keepRecordings, memberships, coTeaching, organisations, ownScenarios] =
    await Promise.all([
      getAccount(db, { id: userId }),
      getKeepRecordings(db, { userId }),
      listMemberships(db, { userId }),
      listCoTeachingForExport(db, { userId }),
      listTrainedOrganisations(db, { trainerId: userId }),
      listOwnScenarios(db, { userId }),
    ]);
  if (!(await addJson('account.json', { account, keepRecordings }))) return false;
  if (!(await addJson('organisations.json', { memberships, coTeaching, organisations })))
    return false;
  const seeds = await exportOwnScenarios(db, { userId, ids: ownScenarios.map((s) => s.id) });
  if (!(await addJson('scenarios.json', { scenarios: seeds ?? [] }))) return false;

  const recordings = await audio.listForUser(userId);
  const byConversation = new Map<string, Record<string, string>>();
  for (const entry of recordings) {
    const files = byConversation.get(entry.conversationId) ?? {};
    files[entry.messageId] = recordingFileName(entry);
    byConversation.set(entry.conversationId, files);
  }
  for (const conversation of await listConversationsOfUser(db, { userId })) {
    const record = await loadConversationRecord(db, conversation);
    const file = conversationFileName(conversation);
    const recordingFiles = byConversation.get(conversation.id) ?? {};
    if (!(await addJson(file, { ...record, recordings: recordingFiles }))) return false;
  }
  for (const entry of recordings) {
    const data = await audio.readForUser(userId, entry);
    // Expired or deleted since the list was read: simply not in the archive.
    if (data === null) continue;
    if (!(await addStored(recordingFileName(entry), data))) return false;
  }
  zip.end();
  if (failed) throw failed;
  return true;
}
