import './lib/zod-jitless';
import './theme/fonts.css';
import type { DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './app/i18n';
import { preloadPage } from './app/router';
import { DEFAULT_LANGUAGE, storedLanguageChoice, toLanguage, type Language } from './lib/language';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

/** What the server wrote a public page with (entry-server.tsx): its language and its data. */
type ServerState = { language: Language; dehydrated: DehydratedState };
function readServerState(): ServerState | null {
  const element = document.getElementById('ssr-state');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}

const server = readServerState();
// An address naming its language (the pages' hreflang links) wins, then the visitor's own choice, then the page's.
const asked = new URLSearchParams(window.location.search).get('lang');
const language = asked ? toLanguage(asked) : (storedLanguageChoice() ?? server?.language ?? DEFAULT_LANGUAGE);
const hydrating = server !== null && server.language === language;
if (hydrating) {
  // Until React has taken the written page over, nothing in it takes input that React would then not know of: no
  // click is lost, nothing typed is dropped (without JavaScript the page stays as written, its links working).
  container.setAttribute('aria-disabled', 'true');
} else if (server) {
  // Written in another language than the visitor chose: it is rendered anew in theirs, and not shown meanwhile.
  container.replaceChildren();
  container.removeAttribute('data-ssr');
}

// The shell's texts and the first page's code and texts load together; the first render then suspends nowhere.
// A failed download shows the page's own loader and error handling rather than nothing.
await Promise.all([initI18n(language), preloadPage(window.location).catch(() => undefined)]);

/** Once React has taken the written page over, it takes input again. */
function TakenOver({ children }: { children: ReactNode }) {
  useEffect(() => {
    container?.removeAttribute('aria-disabled');
    container?.removeAttribute('data-ssr');
  }, []);
  return children;
}

if (server && hydrating) {
  // The page is there already, written by the server with this data: React takes it over. As a transition, the
  // hydration yields to the browser every few milliseconds instead of holding the phone's main thread for hundreds
  // (a tap or a scroll meanwhile is answered at once; the page stays as written until it is done).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <TakenOver>
          <App dehydratedState={server.dehydrated} />
        </TakenOver>
      </StrictMode>,
    );
  });
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
