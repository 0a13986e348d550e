import { ADMIN_TRANSACTION_KINDS, WALLET_TRANSACTION_STATUSES } from '@exchange/contracts';
import { ASSET_CODES } from '@exchange/domain';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { TransactionFilters } from '../api/admin-transactions';

const all = { value: '', label: 'All' };
/** 'DEBT_WRITTEN_OFF' → 'Debt written off'. */
export function kindLabel(kind: string): string {
  const words = kind.toLowerCase().replace(/_/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
const kindOptions = [
  all,
  ...ADMIN_TRANSACTION_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) })),
];
const assetOptions = [all, ...ASSET_CODES.map((code) => ({ value: code, label: code }))];
const statusOptions = [
  all,
  ...WALLET_TRANSACTION_STATUSES.map((status) => ({ value: status, label: status })),
];

/**
 * The Transactions screen's filters: kind, asset, status and a UTC date range. Each change goes to the
 * server (and to the CSV download) with the page back at 1.
 */
export function TransactionFilterBar({
  value,
  onChange,
}: {
  readonly value: TransactionFilters;
  readonly onChange: (next: TransactionFilters) => void;
}) {
  const set = (key: keyof TransactionFilters) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
      <Select label="Kind" options={kindOptions} value={value.kind} onChange={set('kind')} />
      <Select label="Asset" options={assetOptions} value={value.asset} onChange={set('asset')} />
      <Select label="Status" options={statusOptions} value={value.status} onChange={set('status')} />
      <Input label="From (UTC)" type="date" value={value.from} onChange={set('from')} />
      <Input label="To (UTC)" type="date" value={value.to} onChange={set('to')} />
    </div>
  );
}
