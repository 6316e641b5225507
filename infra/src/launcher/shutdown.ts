/** Closes everything once on SIGINT/SIGTERM, in order, then exits. */
export function closeOnSignals(close: () => Promise<void>, log: (message: string) => void = console.log) {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log(`\n${signal} received: stopping...`);
    close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
