import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Speech for the browser tests, made with espeak-ng and sox and kept in `dir` between runs: what
 * the fake microphone says, and what the stub's voice sends back.
 */

/**
 * espeak-ng speech as 16 kHz mono WAV; `pad` adds silence before and after (seconds), `voice`
 * is an espeak-ng voice (`es` for Spanish; its default, English, when absent).
 */
export function speechWav(
  dir: string,
  name: string,
  text: string,
  pad?: [number, number],
  voice?: string,
): string {
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${name}.wav`);
  if (existsSync(out)) return out;
  const raw = join(dir, `${name}.raw.wav`);
  execFileSync('espeak-ng', [...(voice === undefined ? [] : ['-v', voice]), '-w', raw, text]);
  const padding = pad ? ['pad', String(pad[0]), String(pad[1])] : [];
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', out, ...padding]);
  return out;
}

/**
 * The server's speech as OpenAI's `pcm` sends it (TTS_FORMAT's default): raw 24 kHz mono
 * 16-bit little-endian samples, no header.
 */
export function speechPcm(dir: string, name: string, text: string): Buffer {
  const out = join(dir, `${name}.pcm`);
  if (!existsSync(out)) {
    const wav = speechWav(dir, `${name}-unpadded`, text);
    const raw = ['-r', '24000', '-c', '1', '-b', '16', '-e', 'signed-integer', '-L', '-t', 'raw'];
    execFileSync('sox', [wav, ...raw, out]);
  }
  return readFileSync(out);
}
