export { commandApi } from './app';
export type { CommandApiDeps } from './deps';
