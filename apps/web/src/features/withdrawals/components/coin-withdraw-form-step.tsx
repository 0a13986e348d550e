import { messages, type WithdrawalItem, type WithdrawalTerms } from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ModalBody, ModalFooter, ModalForm } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { formatAssetAmount } from '../../../lib/format';
import { useWithdrawalAddresses } from '../api/withdrawal-addresses';
import { requestWithdrawal } from '../api/withdrawals';
import {
  type CoinWithdrawForm,
  checksummedAddress,
  coinWithdrawSchema,
  EMPTY_COIN_WITHDRAW_FORM,
} from './coin-withdraw-form';
import { DestinationFields } from './destination-fields';
import { WithdrawAmountFields } from './withdraw-amount-fields';

/** A typed address the customer asked to keep in the book once the withdrawal is on its way. */
export interface AddressToSave {
  readonly chain: string;
  readonly address: string;
  readonly label: string;
}

interface CoinWithdrawFormStepProps {
  readonly terms: WithdrawalTerms;
  readonly onRequested: (withdrawal: WithdrawalItem, save: AddressToSave | null) => void;
  readonly onCancel: () => void;
  /** The dialog's coin and network pickers, at the top of the form's scrolling body. */
  readonly lead?: ReactNode;
}

/**
 * The coin withdraw form: destination, amount (with Max; the network fee and what arrives shown
 * before anything is sent) and the two-factor code. The domain's rules check it as the server will;
 * the request holds the amount and mails the confirmation code. The server's refusal is shown as worded.
 */
export function CoinWithdrawFormStep({ terms, onRequested, onCancel, lead }: CoinWithdrawFormStepProps) {
  const chain = terms.chain;
  const schema = useMemo(() => coinWithdrawSchema(terms), [terms]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CoinWithdrawForm>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_COIN_WITHDRAW_FORM,
    mode: 'onTouched',
  });
  const [serverError, setServerError] = useState<string | undefined>();
  const book = useWithdrawalAddresses({ page: 1, limit: 100, chain: chain?.key }, chain !== null);
  const values = watch();

  const onSubmit = handleSubmit(async (form) => {
    setServerError(undefined);
    const typed =
      form.destination === 'typed'
        ? (checksummedAddress(form.address, chain?.address_prefix) ?? form.address.trim())
        : null;
    try {
      const response = await requestWithdrawal({
        asset: terms.asset,
        chain: chain?.key,
        amount: form.amount.trim(),
        totp: form.totp.trim(),
        ...(typed ? { address: typed } : { address_id: form.address_id }),
      });
      const save =
        typed && form.save && chain ? { chain: chain.key, address: typed, label: form.label.trim() } : null;
      onRequested(response.data, save);
    } catch (caught) {
      setServerError(errorMessage(caught));
    }
  });

  return (
    <ModalForm onSubmit={onSubmit}>
      <ModalBody className="flex flex-col gap-4">
        {lead}
        {terms.two_factor_on ? null : (
          <p
            role="alert"
            className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-ink"
          >
            {messages.withdrawalTwoFactorRequired}
          </p>
        )}
        <DestinationFields
          register={register}
          errors={errors}
          values={values}
          chainName={chain?.name ?? ''}
          addressPrefix={chain?.address_prefix}
          coolDownHours={terms.address_cool_down_hours}
          book={book.data?.rows}
          now={new Date()}
          disabled={isSubmitting}
        />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{messages.withdrawAvailable}</dt>
          <dd className="text-ink tabular-nums">
            {formatAssetAmount(terms.available, terms.asset)} {terms.asset}
          </dd>
          <dt className="text-muted">{messages.withdrawMinimum}</dt>
          <dd className="text-ink tabular-nums">
            {formatAssetAmount(terms.minimum, terms.asset)} {terms.asset}
          </dd>
        </dl>
        <WithdrawAmountFields
          terms={terms}
          asset={terms.asset}
          amount={values.amount}
          field={register('amount')}
          error={errors.amount?.message}
          onMax={() => setValue('amount', terms.available, { shouldValidate: true })}
          disabled={isSubmitting}
          show={(value) => `${formatAssetAmount(value, terms.asset)} ${terms.asset}`}
          feeLabel={messages.coinWithdrawNetworkFee}
          receiveTestId="coin-withdraw-receive"
        />
        <Input
          label={messages.withdrawTotpLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.totp?.message}
          disabled={isSubmitting}
          {...register('totp')}
        />
      </ModalBody>
      <ModalFooter error={serverError}>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          {messages.withdrawCancel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {messages.withdrawSubmit}
        </Button>
      </ModalFooter>
    </ModalForm>
  );
}
