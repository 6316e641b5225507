import { buildUrl, errorFrom, readBody, send } from './api-client';

/**
 * A file the server builds (CSV, PDF): its bytes and the name the server gives it; failures as for any call.
 * Kept out of the API client, which every page loads: only the staff areas download files.
 */
async function apiDownload(path: string, options: { signal?: AbortSignal | undefined } = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send('GET', buildUrl(path, undefined), undefined, options.signal);
  if (!response.ok) throw errorFrom(response, await readBody(response));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/** Saves a file the server builds (CSV, PDF) under the name it gives, or `fallbackName`. */
export async function downloadFromApi(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiDownload(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time this runs.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
