import { apiDownload } from './api-download';

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
