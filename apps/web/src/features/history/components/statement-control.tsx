import { messages } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { csvFileName, downloadCsv } from '../../../shared/history-export/download-csv';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The History page's account statement: two UTC dates and a download of the statement file (per
 * asset the opening balance, every movement, the closing balance). The server checks the range and
 * says what is wrong with it; the message shows under the dates.
 */
export function StatementControl({ now = () => Date.now() }: { readonly now?: () => number }) {
  const [from, setFrom] = useState(() => utcDay(now() - 30 * DAY_MS));
  const [to, setTo] = useState(() => utcDay(now()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await downloadCsv(
        '/wallet/statement/export.csv',
        { from, to },
        csvFileName(`statement-${from}-to-${to}`),
      );
    } catch (failure) {
      setError(errorMessage(failure, messages.exportFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="statement-title" className="mb-4 rounded-lg border border-line bg-raised p-4">
      <h2 id="statement-title" className="mb-3 text-base font-semibold text-ink">
        {messages.statementTitle}
      </h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <Input
          type="date"
          label={messages.statementFrom}
          value={from}
          max={to}
          onChange={(event) => setFrom(event.target.value)}
          required
        />
        <Input
          type="date"
          label={messages.statementTo}
          value={to}
          min={from}
          max={utcDay(now())}
          onChange={(event) => setTo(event.target.value)}
          required
        />
        <Button type="submit" loading={busy} loadingText={messages.statementDownload}>
          {messages.statementDownload}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
