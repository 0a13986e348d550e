import { exportPath, messages } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api-client';
import { csvFileName, type DownloadQuery, downloadCsv } from './download-csv';

export interface ExportCsvButtonProps {
  /** The tab's list endpoint, e.g. `/wallet/transactions`; the file comes from `<list>/export.csv`. */
  readonly listPath: string;
  /** The file's name before the date, e.g. `transactions` (the server's name for the tab). */
  readonly name: string;
  /** The tab's current filters (search, status), so the file holds what the table shows. */
  readonly query?: DownloadQuery;
}

/** A History tab's 'Export CSV': every row matching the tab's filters, not just the page on screen. */
export function ExportCsvButton({ listPath, name, query = {} }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCsv(exportPath(listPath), query, csvFileName(name));
    } catch (error) {
      toast.error(errorMessage(error, messages.exportFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={busy} loadingText={messages.exportCsv} onClick={download}>
      {messages.exportCsv}
    </Button>
  );
}
