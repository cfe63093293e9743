/** Runs the shutdown once on SIGINT/SIGTERM, then exits; a second signal exits at once. */
export default function closeWithGrace(shutdown: () => Promise<void>): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    shutdown()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(`shutdown after ${signal} failed`, error);
        process.exit(1);
      });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
