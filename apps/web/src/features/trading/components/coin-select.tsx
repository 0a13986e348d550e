import type { CryptoCode } from '@exchange/domain';
import { Select } from '../../../components/ui/select';
import { coinOptions } from '../../../components/ui/select-options';
import { TRADE_COINS } from '../model/market-rules';

const options = coinOptions(TRADE_COINS);

export function CoinSelect({
  value,
  onChange,
}: {
  readonly value: CryptoCode;
  readonly onChange: (coin: CryptoCode) => void;
}) {
  return (
    <Select
      label="Coin"
      value={value}
      options={options}
      onChange={(event) => {
        const coin = TRADE_COINS.find((code) => code === event.target.value);
        if (coin) onChange(coin);
      }}
    />
  );
}
