/** A small levelled logger writing one JSON line per event to stderr. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Logger {
  const at =
    (lineLevel: Exclude<LogLevel, 'silent'>) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      if (RANK[lineLevel] < RANK[level]) return;
      const safe = Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [
          k,
          v instanceof Error ? { name: v.name, message: v.message } : v,
        ]),
      );
      write(JSON.stringify({ t: new Date().toISOString(), level: lineLevel, event, ...safe }));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
