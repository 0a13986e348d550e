import { formatMessage, messages, WITHDRAWAL_ADDRESS_LABEL_MAX } from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal, ModalBody, ModalFooter, ModalForm } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { SecondFactorInput } from '../../../shared/two-factor/second-factor-input';
import { useAddWithdrawalAddress } from '../api/withdrawal-addresses';
import { addressProblem, checksummedAddress, liveAddressProblem } from './coin-withdraw-form';

interface AddAddressForm {
  chain: string;
  label: string;
  address: string;
  totp?: string;
  recovery_code?: string;
}

/**
 * The domain's address rule (EIP-55, or bech32 under a Bitcoin-family chain's prefix), a label, and
 * the second factor when shown.
 */
const addAddressSchema = (prefixOf: (chain: string) => string | null) =>
  z
    .object({
      chain: z.string(),
      label: z.string(),
      address: z.string(),
      totp: z.string().optional(),
      recovery_code: z.string().optional(),
    })
    .superRefine((form, ctx) => {
      const problem = addressProblem(form.address, prefixOf(form.chain));
      if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem });
      if (form.label.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['label'], message: messages.coinWithdrawLabelRequired });
      else if (form.label.trim().length > WITHDRAWAL_ADDRESS_LABEL_MAX)
        ctx.addIssue({
          code: 'custom',
          path: ['label'],
          message: formatMessage(messages.coinWithdrawLabelTooLong, {
            max: String(WITHDRAWAL_ADDRESS_LABEL_MAX),
          }),
        });
      if (form.totp !== undefined && !/^\d{6}$/.test(form.totp.trim()))
        ctx.addIssue({ code: 'custom', path: ['totp'], message: messages.totpCodeRequired });
    });

interface AddAddressDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The chains an address can be kept for: key, name and (Bitcoin family) bech32 prefix. */
  readonly chains: readonly {
    readonly value: string;
    readonly label: string;
    readonly prefix?: string | null;
  }[];
}

/**
 * 'Add address': network, label and address (its EIP-55 checksum checked as typed), proved by a
 * two-factor code or a recovery code. The answer says from when the entry can be withdrawn to.
 */
export function AddAddressDialog({ open, onOpenChange, chains }: AddAddressDialogProps) {
  const add = useAddWithdrawalAddress();
  const prefixOf = (chain: string) => chains.find((c) => c.value === chain)?.prefix ?? null;
  const {
    register,
    unregister,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddAddressForm>({
    resolver: zodResolver(addAddressSchema(prefixOf)),
    defaultValues: { chain: chains[0]?.value ?? '', label: '', address: '' },
    mode: 'onTouched',
  });
  const address = watch('address');
  const prefix = prefixOf(watch('chain') || (chains[0]?.value ?? ''));
  const checked = checksummedAddress(address, prefix);

  const close = () => {
    reset();
    onOpenChange(false);
  };
  const submit = handleSubmit(async (form) => {
    try {
      const response = await add.mutateAsync({
        chain: form.chain || (chains[0]?.value ?? ''),
        label: form.label.trim(),
        address: checksummedAddress(form.address, prefixOf(form.chain)) ?? form.address.trim(),
        ...(form.totp ? { totp: form.totp.trim() } : {}),
        ...(form.recovery_code ? { recovery_code: form.recovery_code.trim() } : {}),
      });
      toast.success(
        formatMessage(messages.addressBookSavedUsableFrom, { time: formatDateTime(response.data.usable_at) }),
      );
      close();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={messages.addressBookAdd}
    >
      <ModalForm onSubmit={submit}>
        <ModalBody className="flex flex-col gap-4">
          <Select label={messages.coinWithdrawNetwork} options={chains} {...register('chain')} />
          <Input
            label={messages.coinWithdrawSaveLabel}
            autoComplete="off"
            maxLength={WITHDRAWAL_ADDRESS_LABEL_MAX}
            error={errors.label?.message}
            {...register('label')}
          />
          <Input
            label={messages.coinWithdrawAddressLabel}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={prefix ? `${prefix}1…` : '0x…'}
            className="font-mono text-xs"
            error={errors.address?.message ?? liveAddressProblem(address, prefix) ?? undefined}
            hint={
              checked ? (
                <span className="break-all">
                  {formatMessage(messages.coinWithdrawChecksumOk, { address: checked })}
                </span>
              ) : undefined
            }
            {...register('address')}
          />
          <SecondFactorInput
            register={(field) => register(field, { shouldUnregister: true })}
            unregister={unregister}
            errors={{ totp: errors.totp?.message, recoveryCode: errors.recovery_code?.message }}
          />
        </ModalBody>
        <ModalFooter>
          <Button variant="secondary" onClick={close}>
            {messages.withdrawCancel}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {messages.addressBookAdd}
          </Button>
        </ModalFooter>
      </ModalForm>
    </Modal>
  );
}
