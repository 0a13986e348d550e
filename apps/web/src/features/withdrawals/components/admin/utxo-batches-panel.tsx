import { type AdminUtxoBatch, formatMessage, messages } from '@exchange/contracts';
import { useState } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { toast } from '../../../../components/ui/toaster';
import { errorMessage } from '../../../../lib/api-client';
import { useSpeedUpUtxoBatch, useUtxoBatches } from '../../api/admin-utxo-batches';

const REFUSAL_TEXT = {
  not_broadcast: messages.utxoBumpNotBroadcast,
  already_mined: messages.utxoBumpAlreadyMined,
  change_too_small: messages.utxoBumpChangeTooSmall,
  fee_cap: messages.utxoBumpFeeCap,
  node_refused: messages.utxoBumpNodeRefused,
} as const;

/** Why a speed-up cannot be made, or the node's refusal of the last one, in the catalogue's words. */
function refusalText(code: keyof typeof REFUSAL_TEXT, detail: string | null): string {
  return formatMessage(messages.utxoBatchBumpRefused, {
    reason: formatMessage(REFUSAL_TEXT[code], { detail: detail ?? '' }),
  });
}

/**
 * Litecoin withdrawal batches broadcast and not yet confirmed (issue 47), beside the hot wallet: each
 * with its transaction, fee and how many withdrawals it pays; "Speed up (replace-by-fee)" asks first,
 * saying the new fee, then replaces it. Shown only while a batch is in flight.
 */
export function UtxoBatchesPanel() {
  const batches = useUtxoBatches();
  const speedUp = useSpeedUpUtxoBatch();
  const [asking, setAsking] = useState<AdminUtxoBatch | null>(null);
  const rows = batches.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card title={messages.utxoBatchesTitle} className="mb-6">
      <p className="mb-3 text-sm text-muted">{messages.utxoBatchesIntro}</p>
      <ul className="space-y-3" aria-label={messages.utxoBatchesTitle}>
        {rows.map((batch) => (
          <li key={batch._id} className="rounded-md border border-line px-3 py-2 text-sm text-ink">
            <div className="flex flex-wrap items-center justify-between gap-2">
              {/* The figures wrap as whole phrases: at 390 px "Network fee: 0.00000392 LTC (2/vB)" took
                  its own line instead of being squeezed to a word a line beside the count. */}
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Badge tone="warning">{batch.status}</Badge>
                <span className="whitespace-nowrap">
                  {messages.utxoBatchWithdrawals}: {batch.withdrawals}
                </span>
                <span className="whitespace-nowrap tabular-nums">
                  {messages.utxoBatchFee}: {batch.fee} {batch.asset} ({batch.fee_rate}/vB)
                </span>
              </span>
              {batch.bump && (
                <Button size="sm" variant="secondary" onClick={() => setAsking(batch)}>
                  {messages.utxoBatchSpeedUp}
                </Button>
              )}
            </div>
            {batch.txid && (
              <code className="mt-1 block font-mono text-xs break-all">
                {messages.utxoBatchTransaction}: {batch.txid}
              </code>
            )}
            {batch.replaced_txids.length > 0 && (
              <p className="mt-1 text-xs text-muted">
                {formatMessage(messages.utxoBatchReplaced, { count: String(batch.replaced_txids.length) })}
              </p>
            )}
            {batch.last_refusal && (
              <p role="alert" className="mt-1 text-xs text-danger">
                {refusalText(batch.last_refusal, batch.last_refusal_detail)}
              </p>
            )}
            {!batch.bump && batch.status === 'BROADCAST' && batch.bump_refusal && (
              <p className="mt-1 text-xs text-muted">{refusalText(batch.bump_refusal, null)}</p>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={messages.utxoBatchSpeedUp}
        description={
          asking?.bump
            ? formatMessage(messages.utxoBatchSpeedUpConfirm, {
                fee: asking.bump.fee,
                rate: String(asking.bump.fee_rate),
                old: asking.fee,
                asset: asking.asset,
              })
            : undefined
        }
        onConfirm={async () => {
          if (!asking) return;
          try {
            const response = await speedUp.mutateAsync(asking._id);
            toast.success(response.message);
          } catch (error) {
            toast.error(errorMessage(error));
            throw error;
          }
        }}
      />
    </Card>
  );
}
