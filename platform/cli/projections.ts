import { runProjectionsCommand } from './projections-command';

/** `npm run projections -- rebuild|verify [projection]` (bundled to dist/platform/projections.mjs). */
process.exitCode = await runProjectionsCommand(process.argv.slice(2));
