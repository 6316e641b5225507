import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../lib/api-client';
import { apiDownload } from '../../lib/api-download';
import { useToast } from '../ui/toast/use-toast';

/** Saves a file in the browser's downloads under its name. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Exports every row of a list matching its filters, as the server writes it (the spec's file name), not
 * just the page on screen.
 */
export function useExport(path: string, fallbackName: string) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const run = async (query: Record<string, string | number>) => {
    setExporting(true);
    toast({ title: t('common.exporting'), variant: 'info', duration: 2000 });
    try {
      const { page: _page, pageSize: _size, ...filters } = query;
      const { blob, fileName } = await apiDownload(path, { query: filters });
      save(blob, fileName ?? fallbackName);
      toast({ title: t('common.exported', { file: fileName ?? fallbackName }), variant: 'success' });
    } catch (error) {
      toast({ title: t('common.exportFailed'), description: serverMessageOf(error) ?? t('errorFallback'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
