import { messages, type Stake } from '@exchange/contracts';
import { STAKE_REDEMPTION_DAYS } from '@exchange/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type Column, DataTable, DEFAULT_PAGE_SIZE } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toaster';
import { useServerPaging } from '../../../components/ui/use-server-paging';
import { errorMessage, newIdempotencyKey } from '../../../lib/api-client';
import { SUCCESS_REDIRECT_MS } from '../../../lib/config';
import { formatAssetListAmount, formatDateTime } from '../../../lib/format';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { useSession } from '../../session/session-context';
import { stakeKeys, useStakeAction, useUserStakes } from '../../stake/api/stakes';

type Action = 'close' | 're-stake';

function amount(value: string, code: string) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatAssetListAmount(value, code)} <span className="text-muted">{code}</span>
    </span>
  );
}

/** What the confirmation says each action does with the stake's payout. */
function consequence(stake: Stake, action: Action): string {
  const payout = `${formatAssetListAmount(stake.closing_balance, stake.currency_code)} ${stake.currency_code}`;
  return action === 're-stake'
    ? `${payout} (principal and interest) stays locked for another ${stake.days} days at ${stake.interest_rate}%.`
    : `${payout} (principal and interest) is paid to your wallet after the ${STAKE_REDEMPTION_DAYS}-day redemption period.`;
}

/**
 * The Stakes tab (spec section 4): a matured ACTIVE stake offers Restake and Close, each asked once
 * more before it moves the stake's money; every other stake shows its status (ACTIVE and SUCCESS
 * green, PENDING yellow, CLOSED red). After a successful action the spec's toast shows and the list
 * reloads after 3 seconds.
 */
export function StakesTab() {
  const session = useSession();
  const queryClient = useQueryClient();
  const stakeMutation = useStakeAction();
  const later = useDelayedAction();
  const { query, server } = useServerPaging();
  const stakes = useUserStakes(session.is_kyc_verified, { ...query, limit: DEFAULT_PAGE_SIZE });
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ stake: Stake; action: Action } | null>(null);

  const act = async (stake: Stake, action: Action) => {
    setBusy(stake._id);
    setAsking(null);
    try {
      await stakeMutation.mutateAsync({
        action,
        stakeId: stake._id,
        idempotencyKey: newIdempotencyKey(),
      });
      toast.success(action === 're-stake' ? messages.restakeSuccess : messages.stakeCloseSuccess);
      // The hook stored the wallet and refetched the balances; the spec reloads the page after 3 s,
      // so the list is read again then, when the row's buttons come back.
      later(() => {
        void queryClient.invalidateQueries({ queryKey: stakeKeys.all });
        setBusy(null);
      }, SUCCESS_REDIRECT_MS);
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(null);
    }
  };

  const columns: Column<Stake>[] = [
    {
      id: 'principal',
      header: 'Principal',
      align: 'right',
      cell: (r) => amount(r.starting_balance, r.currency_code),
    },
    {
      id: 'status',
      header: 'Status',
      align: 'center',
      cell: (row) =>
        row.status === 'ACTIVE' && row.matured ? (
          <span className="flex justify-center gap-2">
            <Button
              size="sm"
              variant="success"
              disabled={busy === row._id}
              onClick={() => setAsking({ stake: row, action: 're-stake' })}
            >
              Restake
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={busy === row._id}
              onClick={() => setAsking({ stake: row, action: 'close' })}
            >
              Close
            </Button>
          </span>
        ) : (
          <StatusBadge status={row.status} />
        ),
    },
    {
      id: 'payout',
      header: 'Payout',
      align: 'right',
      cell: (r) => amount(r.closing_balance, r.currency_code),
    },
    {
      id: 'days',
      header: 'Days',
      align: 'right',
      cell: (row) => <span className="tabular-nums">{row.days}</span>,
    },
    {
      id: 'interest_rate',
      header: 'Interest rate',
      align: 'right',
      cell: (row) => <span className="tabular-nums">{row.interest_rate}%</span>,
    },
    {
      id: 'start_date',
      header: 'Start',
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.start_date)}</span>,
    },
    {
      id: 'end_date',
      header: 'End',
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.end_date)}</span>,
    },
  ];

  return (
    <>
      <DataTable
        label="Stakes"
        toolbar={
          session.is_kyc_verified ? (
            <ExportCsvButton listPath="/stake/user/all" name="stakes" query={{ search: query.search }} />
          ) : undefined
        }
        columns={columns}
        rows={session.is_kyc_verified ? stakes.data?.rows : []}
        server={server(session.is_kyc_verified ? stakes.data?.total : 0)}
        clearFilter
        rowKey={(row) => row._id}
        loading={stakes.isFetching}
        error={stakes.error ? errorMessage(stakes.error) : undefined}
        onRetry={() => void stakes.refetch()}
      />
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asking?.action === 'close' ? messages.confirmCloseStake : messages.confirmRestake}
        description={asking ? consequence(asking.stake, asking.action) : undefined}
        confirmVariant={asking?.action === 'close' ? 'danger' : 'primary'}
        onConfirm={() => {
          if (asking) void act(asking.stake, asking.action);
        }}
      />
    </>
  );
}
