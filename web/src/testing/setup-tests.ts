import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18n } from '../app/i18n';
import { resources } from '../app/i18n-resources';

initI18n('fr', resources);

// MUI in jsdom is slow on a busy two-core CI machine: give findBy/waitFor room before they give up.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: MUI asks for media queries and the router scrolls.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
