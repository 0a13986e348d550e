import { messages } from '@exchange/contracts';
import { Select } from '../../../components/ui/select';

/**
 * An admin list's status filter, applied by the server: 'All statuses' or one of the list's own.
 * `labels` shows a status as the screen names it (a ticket's INACTIVE reads PENDING).
 */
export function StatusFilter({
  options,
  value,
  onChange,
  labels = {},
}: {
  readonly options: readonly string[];
  readonly value: string;
  readonly onChange: (status: string) => void;
  readonly labels?: Readonly<Record<string, string>>;
}) {
  return (
    <div className="min-w-40">
      <Select
        label={messages.listStatusFilter}
        options={[
          { value: '', label: messages.listAllStatuses },
          ...options.map((status) => ({ value: status, label: labels[status] ?? status })),
        ]}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
