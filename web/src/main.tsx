import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './app/i18n';
import { preloadPage } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// The shell's texts and the first page's code and texts load together; the first render then suspends nowhere.
// A failed download shows the page's own loader and error handling rather than nothing.
await Promise.all([initI18n(), preloadPage(window.location).catch(() => undefined)]);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
