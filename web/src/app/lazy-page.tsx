import type { ComponentType } from 'react';
import { lazyComponent, type LazyComponent } from '../lib/lazy-component';
import { loadNamespaces } from './i18n';

export type LazyPage<P extends object> = LazyComponent<P>;

/**
 * A page that loads on demand with the i18n namespaces it shows. `preload` lets the first render (main.tsx) start
 * both downloads before React runs, so that the first page renders without suspending.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, namespaces: readonly string[] = []): LazyPage<P> {
  return lazyComponent(load, () => loadNamespaces(namespaces));
}
