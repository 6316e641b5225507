import { buildUrl, errorFrom, readBody, send, type QueryValue } from './api-client';

/**
 * A file the server sends as an attachment (an export): its content, and the name the server gives it. Its
 * own module, so that only the screens that download carry it.
 */
export async function apiDownload(path: string, options: { query?: Record<string, QueryValue> | undefined; signal?: AbortSignal | undefined } = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send('GET', buildUrl(path, options.query), undefined, options.signal);
  if (!response.ok) throw errorFrom(response, await readBody(response));
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}
