import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** Shown when the screen opens (spec section 2): what instant and limit orders are, and what they cost. */
export function TradingInfoModal({
  open,
  onOpenChange,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="How buying and selling works"
      footer={<Button onClick={() => onOpenChange(false)}>Got it</Button>}
    >
      <div className="flex flex-col gap-3 text-sm text-muted">
        <p>
          <strong className="text-ink">Instant</strong> orders execute at once in USD at a price we quote for
          a few seconds. You see the price, the fee and the total before you confirm.
        </p>
        <p>
          <strong className="text-ink">Limit</strong> orders wait in the USDT order book of the coin's market
          until the price reaches yours. The amount is held while the order is open, and you can cancel it
          from History, Order Transaction. Limit orders are not offered for ADA, USDT and BUSD.
        </p>
        <p>Fees: limit orders pay 0.2% of the order's value; the instant fee is part of each quote.</p>
      </div>
    </Modal>
  );
}
