import { type AdminUserDetails, messages } from '@exchange/contracts';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/badge';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { Tabs } from '../../../components/ui/tabs';
import { formatAmount, formatDateTime, formatUsd } from '../../../lib/format';
import { adminRecordPath } from '../../../lib/paths';
import { totalBalance } from '../../../shared/wallet/balances';
import { AuditLogTable } from './audit-log-table';
import { DebtsTable } from './debts-table';
import { USER_RECORD_SECTIONS, UserRecordsTable } from './user-records-table';

type Currency = AdminUserDetails['walletData']['wallet']['currencies'][number];
type Referral = AdminUserDetails['resp'][number];
type Kyc = AdminUserDetails['kycData'][number];
type Transaction = AdminUserDetails['trasationData'][number];

const assetColumns: Column<Currency>[] = [
  { id: 'symbol', header: 'Asset Type', cell: (c) => `${c.name} (${c.symbol})` },
  // Spendable plus what orders and stakes hold, as the customer's own wallet shows it; the asset
  // value beside it is of both too.
  {
    id: 'balance',
    header: 'Total Balance',
    align: 'right',
    cell: (c) => formatAmount(totalBalance(c.balance, c.locked)),
  },
  { id: 'asset_value', header: 'Asset Value', align: 'right', cell: (c) => formatUsd(c.asset_value, 4) },
  {
    id: 'interest_earned',
    header: 'Interest Earned',
    align: 'right',
    cell: (c) => formatUsd(c.interest_earned),
  },
];

/** Every currency, fiat included: what can be spent now and what orders, stakes and withdrawals hold. */
const balanceColumns: Column<Currency>[] = [
  { id: 'symbol', header: 'Asset', cell: (c) => `${c.name} (${c.symbol})` },
  {
    id: 'available',
    header: messages.adminUserAvailable,
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (c) => formatAmount(c.balance),
  },
  {
    id: 'held',
    header: messages.adminUserHeld,
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (c) => formatAmount(c.locked),
  },
  {
    id: 'total',
    header: 'Total',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (c) => formatAmount(totalBalance(c.balance, c.locked)),
  },
];

const referralColumns: Column<Referral>[] = [
  { id: 'user', header: 'Referral To', cell: (r) => r.user.name },
  { id: 'createdAt', header: 'Register date', cell: (r) => formatDateTime(r.createdAt) },
  { id: 'ref_amount', header: 'Earned in $', align: 'right', cell: (r) => formatUsd(r.ref_amount) },
  { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
];

const kycColumns: Column<Kyc>[] = [
  { id: 'createdAt', header: 'Date', cell: (k) => formatDateTime(k.createdAt) },
  { id: 'name', header: 'First Name / Last Name', cell: (k) => `${k.first_name} ${k.last_name}` },
  { id: 'dob', header: 'Date of Birth' },
  {
    id: 'address',
    header: 'Address',
    cell: (k) => [k.address.landmark, k.address.city, k.address.state, k.address.country].join(', '),
  },
  { id: 'mobile', header: 'Mobile Number', cell: (k) => `+${k.country_code} ${k.mobile_no}` },
  {
    id: 'documents',
    header: 'Document',
    cell: (k) => k.documents.map((d) => `${d.identifier} ${d.number}`).join(', '),
  },
  { id: 'status', header: 'Status', cell: (k) => <StatusBadge status={k.status} /> },
  {
    id: 'view',
    header: 'View',
    cell: (k) => (
      <Link to={adminRecordPath('kyc', k._id)} className="text-accent underline">
        View
      </Link>
    ),
  },
];

const transactionColumns: Column<Transaction>[] = [
  { id: 'operation', header: 'Type' },
  { id: 'createdAt', header: 'Date & Time', cell: (t) => formatDateTime(t.createdAt) },
  {
    id: 'currencies',
    header: 'From/To',
    cell: (t) => `${t.from?.currency_code ?? '-'} / ${t.to?.currency_code ?? '-'}`,
  },
  {
    id: 'amounts',
    header: 'From/To Amount',
    align: 'right',
    cell: (t) => `${t.from ? formatAmount(t.from.amount) : '-'} / ${t.to ? formatAmount(t.to.amount) : '-'}`,
  },
  { id: 'status', header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
];

/** The information page's tables, each paged at 10 rows in the browser as the spec's admin lists are. */
export function UserProfileTabs({ details }: { readonly details: AdminUserDetails }) {
  const crypto = details.walletData.wallet.currencies.filter((c) => c.currency_type === 'CRYPTO');
  return (
    <Tabs
      label="User information"
      items={[
        {
          id: 'assets',
          label: 'Assets',
          content: <DataTable label="Assets" columns={assetColumns} rows={crypto} rowKey={(c) => c._id} />,
        },
        {
          id: 'balances',
          label: messages.adminUserBalancesTab,
          content: (
            <DataTable
              label={messages.adminUserBalancesTab}
              columns={balanceColumns}
              rows={details.walletData.wallet.currencies}
              rowKey={(c) => c._id}
            />
          ),
        },
        {
          id: 'referrals',
          label: 'Referral List',
          content: (
            <DataTable
              label="Referral List"
              columns={referralColumns}
              rows={details.resp}
              rowKey={(r) => r._id}
            />
          ),
        },
        {
          id: 'kyc',
          label: 'Users KYC Data',
          content: (
            <DataTable
              label="Users KYC Data"
              columns={kycColumns}
              rows={details.kycData}
              rowKey={(k) => k._id}
            />
          ),
        },
        {
          id: 'transactions',
          label: 'Transactions',
          content: (
            <DataTable
              label="Transactions"
              columns={transactionColumns}
              rows={details.trasationData}
              rowKey={(t) => t._id}
            />
          ),
        },
        ...USER_RECORD_SECTIONS.map(({ kind, label }) => ({
          id: kind,
          label,
          content: <UserRecordsTable userId={details.userData._id} kind={kind} label={label} />,
        })),
        { id: 'audit', label: 'Audit Log', content: <AuditLogTable userId={details.userData._id} /> },
        { id: 'debts', label: 'Debts', content: <DebtsTable userId={details.userData._id} /> },
      ]}
    />
  );
}
