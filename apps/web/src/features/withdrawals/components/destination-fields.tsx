import { formatMessage, messages, type WithdrawalAddress } from '@exchange/contracts';
import { shortAddress } from '@exchange/domain';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { formatDateTime } from '../../../lib/format';
import { type CoinWithdrawForm, checksummedAddress, liveAddressProblem } from './coin-withdraw-form';

interface DestinationFieldsProps {
  readonly register: UseFormRegister<CoinWithdrawForm>;
  readonly errors: FieldErrors<CoinWithdrawForm>;
  readonly values: Pick<CoinWithdrawForm, 'destination' | 'address' | 'save'>;
  readonly chainName: string;
  /** A Bitcoin-family chain's bech32 part, whose addresses are checked by it; null on EVM. */
  readonly addressPrefix?: string | null | undefined;
  readonly coolDownHours: number;
  /** The book's entries on this chain; undefined while they load. */
  readonly book: readonly WithdrawalAddress[] | undefined;
  readonly now: Date;
  readonly disabled: boolean;
}

/** One book entry as the picker shows it: its label and the address shortened, or when it becomes usable. */
function entryOption(entry: WithdrawalAddress, now: Date) {
  const waiting = new Date(entry.usable_at).getTime() > now.getTime();
  return {
    value: entry._id,
    label: waiting
      ? formatMessage(messages.coinWithdrawBookWaiting, {
          label: entry.label,
          time: formatDateTime(entry.usable_at),
        })
      : `${entry.label} · ${shortAddress(entry.address)}`,
    disabled: waiting,
  };
}

/**
 * Where the coins go: an address from the book (label and shortened address; an entry still in its
 * cool-down shows when it becomes usable and cannot be picked), or a typed one, checked by EIP-55 as
 * it is typed, which can be saved to the book with a label.
 */
export function DestinationFields({
  register,
  errors,
  values,
  chainName,
  addressPrefix,
  coolDownHours,
  book,
  now,
  disabled,
}: DestinationFieldsProps) {
  const live = values.destination === 'typed' ? liveAddressProblem(values.address, addressPrefix) : null;
  const checked = checksummedAddress(values.address, addressPrefix);
  return (
    <div className="flex flex-col gap-3">
      <Select
        label={messages.coinWithdrawSendTo}
        options={[
          { value: 'typed', label: messages.coinWithdrawTyped },
          { value: 'book', label: messages.coinWithdrawFromBook },
        ]}
        disabled={disabled}
        {...register('destination')}
      />
      {values.destination === 'typed' ? (
        <>
          <Input
            label={messages.coinWithdrawAddressLabel}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="0x…"
            className="font-mono text-xs"
            error={errors.address?.message ?? live ?? undefined}
            hint={
              checked ? (
                <span className="break-all">
                  {formatMessage(messages.coinWithdrawChecksumOk, { address: checked })}
                </span>
              ) : (
                formatMessage(messages.coinWithdrawAddressHint, { chain: chainName })
              )
            }
            disabled={disabled}
            {...register('address')}
          />
          <p className="text-xs text-muted">{messages.coinWithdrawNewAddressNote}</p>
          <Checkbox label={messages.coinWithdrawSave} disabled={disabled} {...register('save')} />
          {values.save ? (
            <Input
              label={messages.coinWithdrawSaveLabel}
              autoComplete="off"
              maxLength={40}
              hint={formatMessage(messages.coinWithdrawSaveHint, { hours: String(coolDownHours) })}
              error={errors.label?.message}
              disabled={disabled}
              {...register('label')}
            />
          ) : null}
        </>
      ) : book === undefined ? (
        <p className="text-sm text-muted">{messages.pleaseWait}</p>
      ) : book.length === 0 ? (
        <p className="text-sm text-muted">
          {formatMessage(messages.coinWithdrawBookEmpty, { chain: chainName })}
        </p>
      ) : (
        <Select
          label={messages.coinWithdrawBookEntry}
          placeholder={messages.coinWithdrawBookChoose}
          options={book.map((entry) => entryOption(entry, now))}
          error={errors.address_id?.message}
          disabled={disabled}
          {...register('address_id')}
        />
      )}
    </div>
  );
}
