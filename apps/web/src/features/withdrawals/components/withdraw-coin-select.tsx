import { formatMessage, messages } from '@exchange/contracts';
import { Select } from '../../../components/ui/select';
import { useDepositNetworks } from '../../chain-deposits/api/get-deposit-networks';
import { movableCoinChoices, unmovableCoinList } from '../../chain-deposits/model/movable-coins';

interface WithdrawCoinSelectProps {
  readonly value: string;
  readonly onChange: (asset: string) => void;
}

/**
 * The withdraw dialog's coin picker (issue 45): only the coins that can leave here (those the server
 * has a chain for: a coin leaves on the chains it arrives on), and one sentence under it naming the
 * coins that cannot yet, rather than a row of 'Coming Soon ...'.
 */
export function WithdrawCoinSelect({ value, onChange }: WithdrawCoinSelectProps) {
  const networks = useDepositNetworks();
  const coins = networks.data ?? [];
  const choices = movableCoinChoices(coins, 'withdraw');
  // Until the coins arrive, the coin the dialog opened on stands alone.
  const options = choices.some((choice) => choice.value === value)
    ? choices
    : [{ value, label: value }, ...choices];
  const notYet = networks.data ? unmovableCoinList(coins, 'withdraw') : '';
  return (
    <div className="flex flex-col gap-1.5">
      <Select
        label={messages.coinWithdrawCoin}
        options={options}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {notYet ? (
        <p className="text-xs text-muted" data-testid="coins-not-yet">
          {formatMessage(messages.coinWithdrawNotYet, { assets: notYet })}
        </p>
      ) : null}
    </div>
  );
}
