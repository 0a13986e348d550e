import type { CryptoCode } from '@exchange/domain';
import { getAsset } from '@exchange/domain';
import { Select } from '../../../components/ui/select';
import { TRADE_COINS } from '../model/market-rules';

const options = TRADE_COINS.map((code) => ({ value: code, label: `${code} - ${getAsset(code).name}` }));

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
