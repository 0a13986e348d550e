import { formatMessage, messages as m, type NftDetail } from '@exchange/contracts';
import { checkWithdrawalDestination } from '@exchange/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSendNftToWallet } from '../api/nft-api';

const ADDRESS_TEXTS = {
  address_required: m.withdrawalAddressRequired,
  address_invalid: m.withdrawalAddressInvalid,
  address_checksum: m.withdrawalAddressChecksum,
  address_zero: m.withdrawalAddressZero,
  address_own: m.nftAddressOwn,
} as const;

interface SendToWalletDialogProps {
  readonly item: NftDetail;
  readonly onClose: () => void;
}

/**
 * "Withdraw to my wallet" (issue 40): the owner's own address (checked by the domain's EIP-55 rule as
 * typed, then by the server) and the two-factor code, then a confirmation naming the address before
 * the token moves. The server's refusals (no two-factor, a wrong code, the item changed) are shown as
 * it words them.
 */
export function SendToWalletDialog({ item, onClose }: SendToWalletDialogProps) {
  const send = useSendNftToWallet();
  const [address, setAddress] = useState('');
  const [totp, setTotp] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [addressError, setAddressError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  const review = () => {
    const checked = checkWithdrawalDestination(address, []);
    if (!checked.ok) {
      setAddressError(ADDRESS_TEXTS[checked.code]);
      return;
    }
    setConfirming(checked.value);
  };
  const submit = async (to: string) => {
    setError(undefined);
    try {
      const response = await send.mutateAsync({ id: item._id, address: to, totp: totp.trim() });
      toast.success(response.message);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setConfirming(null);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={confirming ? formatMessage(m.nftSendOutConfirm, { name: item.name }) : m.nftSendOut}
      dismissible={!send.isPending}
      error={
        error ? (
          <>
            {error}{' '}
            {error === m.withdrawalTwoFactorRequired ? (
              <Link to={paths.security} className="underline">
                Open Security
              </Link>
            ) : null}
          </>
        ) : undefined
      }
      footer={
        confirming ? (
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={send.isPending}>
              Back
            </Button>
            <Button onClick={() => void submit(confirming)} loading={send.isPending}>
              {m.nftSendOut}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={review}>Continue</Button>
          </>
        )
      }
    >
      {confirming ? (
        <div className="flex flex-col gap-3 text-sm">
          <p className="break-all font-mono text-ink" data-testid="nft-send-address">
            {confirming}
          </p>
          <p className="text-muted">{m.nftSendOutWarning}</p>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
        >
          <Input
            label={m.nftAddressLabel}
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            value={address}
            error={addressError}
            onChange={(event) => {
              setAddress(event.target.value);
              setAddressError(undefined);
            }}
          />
          <Input
            label={m.withdrawTotpLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={totp}
            onChange={(event) => setTotp(event.target.value)}
          />
          <button type="submit" hidden />
        </form>
      )}
    </Modal>
  );
}
