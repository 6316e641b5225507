import { runHistoryCommand } from './history-command';

/** `npm run history -- <category> <id> [--json]` (bundled to dist/platform/history.mjs). */
process.exitCode = await runHistoryCommand(process.argv.slice(2));
