import { messages } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useCancelAllOrders } from '../api/orders';
import { cancelAllQuestion } from '../model/time-in-force';

/**
 * 'Cancel all' (issue 48) for the open orders of one market (`marketId`) or of every market (null):
 * a confirmation that says how many orders go, then one call; the lists and balances then refresh.
 */
export function CancelAllButton({
  count,
  marketId,
}: {
  readonly count: number;
  readonly marketId: string | null;
}) {
  const [open, setOpen] = useState(false);
  const cancelAll = useCancelAllOrders();
  if (count === 0) return null;

  const confirm = async () => {
    try {
      const response = await cancelAll.mutateAsync(marketId ? { market_id: marketId } : {});
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={
          marketId ? `Cancel all open orders on ${marketId}` : 'Cancel all open orders on every market'
        }
        onClick={() => setOpen(true)}
      >
        {messages.cancelAllOrders}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={cancelAllQuestion(count, marketId)}
        description={messages.cancelAllHolds}
        confirmVariant="danger"
        onConfirm={confirm}
      />
    </>
  );
}
