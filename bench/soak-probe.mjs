// Loaded into the server process by the soak bench (`node --import ./soak-probe.mjs main.js`), so the
// server's code stays as it is. On each `{ type: 'soak-sample' }` message from the bench it answers
// the heap (process.memoryUsage) and the event-loop delay since the previous sample
// (perf_hooks.monitorEventLoopDelay, 10 ms resolution), then starts a new delay window. Numbers
// only: nothing about requests or users.
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.send) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
  // The histogram holds the time between two ticks of a 10 ms timer: the delay is what is above 10 ms.
  const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - 10) * 100) / 100);
  process.on('message', (message) => {
    if (!message || message.type !== 'soak-sample') return;
    const memory = process.memoryUsage();
    process.send?.({
      type: 'soak-sample',
      id: message.id,
      heapUsedMb: mb(memory.heapUsed),
      heapTotalMb: mb(memory.heapTotal),
      externalMb: mb(memory.external),
      arrayBuffersMb: mb(memory.arrayBuffers),
      rssMb: mb(memory.rss),
      loopDelayMs: {
        mean: ms(delay.mean),
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
      },
    });
    delay.reset();
  });
  // The channel must not keep the server alive once it closes (the bench also disconnects first).
  process.channel?.unref();
}
