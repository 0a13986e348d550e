import type { ReactNode } from 'react';
import { DataTable } from '../../../components/ui/data-table';

interface PendingFeatureTabProps {
  /** Names the table, e.g. 'Stakes'. */
  readonly label: string;
  readonly columns: readonly string[];
  readonly note: ReactNode;
}

/**
 * A history tab whose feature has not landed: the table as it will look, empty, with a plain note
 * saying why, instead of a list that pretends there is nothing to show.
 */
export function PendingFeatureTab({ label, columns, note }: PendingFeatureTabProps) {
  return (
    <div className="flex flex-col gap-3">
      <p className="rounded-md border border-dashed border-line bg-surface px-4 py-3 text-sm text-muted">
        {note}
      </p>
      <DataTable
        label={label}
        columns={columns.map((header) => ({ id: header, header }))}
        rows={[]}
        rowKey={(_, index) => String(index)}
      />
    </div>
  );
}
