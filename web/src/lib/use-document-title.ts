import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const APP_NAME = "Récup'Points";

/** What search engines show under a result: about 160 characters, cut between words. */
const DESCRIPTION_LENGTH = 160;

export function toMetaDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,;:.–-]+$/u, '')}…`;
}

function descriptionElement(): HTMLMetaElement {
  let element = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!element) {
    element = document.createElement('meta');
    element.name = 'description';
    document.head.append(element);
  }
  return element;
}

/** What the server rendering of a page collects for its <head> (entry-server.tsx): the last page to name them wins. */
export type ServerHead = { title: string; description: string };
export const ServerHeadContext = createContext<((head: ServerHead) => void) | null>(null);

/**
 * The page's own title ("… | Récup'Points") and description, in the language shown. A page that names no
 * description (a private page, which search engines are told to leave alone) gets the site's.
 */
export function useDocumentTitle(title: string | null | undefined, description?: string | null): void {
  const { t } = useTranslation();
  const content = toMetaDescription(description || t('meta.description'));
  // Rendering on the server no effect runs: the page's <head> is written from what the render names.
  const recordServerHead = useContext(ServerHeadContext);
  recordServerHead?.({ title: title ? `${title} | ${APP_NAME}` : APP_NAME, description: content });
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
  useEffect(() => {
    descriptionElement().content = content;
  }, [content]);
}
