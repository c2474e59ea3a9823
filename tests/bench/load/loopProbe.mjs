// Loaded into a benchmarked server with `node --import`: its event loop's delay, measured the
// same way in any build (today's and a baseline), written to LOOP_PROBE_FILE on SIGUSR2 and
// then reset, so each reading covers the time since the last.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    writeFileSync(
      file,
      JSON.stringify({
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
      }),
    );
    delay.reset();
  });
}
