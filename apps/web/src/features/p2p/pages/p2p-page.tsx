import { messages, P2P_CODES } from '@exchange/contracts';
import { getAsset } from '@exchange/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, newIdempotencyKey } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { useSession } from '../../session/session-context';
import { useWalletCurrencies } from '../../wallet/api/get-wallet';
import { refreshBalances } from '../../wallet/api/refresh-balances';
import { walletKeys } from '../../wallet/api/wallet-keys';
import { CompleteKycLink } from '../../wallet/components/complete-kyc-link';
import { lookUpRecipient, transferP2p } from '../api/p2p-api';
import { P2pBalancesTable } from '../components/p2p-balances-table';
import { type P2pField, type P2pFormValues, p2pFormProblem } from '../p2p-rules';

/** The spec goes to the history 2 seconds after a transfer. */
const P2P_REDIRECT_MS = 2_000;

const currencyOptions = P2P_CODES.map((code) => ({ value: code, label: `${code} - ${getAsset(code).name}` }));
const empty: P2pFormValues = { email: '', currency: '', amount: '' };

type Recipient =
  | { readonly state: 'verified'; readonly name: string }
  | { readonly state: 'failed'; readonly message: string };

/**
 * /p2p: the crypto balances and a transfer form. The recipient is checked first ('Email Verified' in
 * green, or the server's message in red above the field); the spec's checks run in order; 'Are You
 * sure you want to Transfer ?'; then the form resets, the wallet reloads and the p2p History tab opens
 * after 2 s.
 */
export function P2pPage() {
  const session = useSession();
  const wallet = useWalletCurrencies();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const later = useDelayedAction();
  const [values, setValues] = useState<P2pFormValues>(empty);
  const [errors, setErrors] = useState<Partial<Record<P2pField, string>>>({});
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const balances = Object.fromEntries((wallet.data ?? []).map((c) => [c.symbol, c.balance]));
  const set = (field: P2pField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    // A changed address has to be checked again.
    if (field === 'email') setRecipient(null);
  };

  const validateEmail = async () => {
    const problem = p2pFormProblem({ ...values, currency: 'BTC', amount: '0' }, {}, true);
    if (problem?.field === 'email') {
      setErrors({ email: problem.message });
      return;
    }
    setChecking(true);
    try {
      const response = await lookUpRecipient({ email: values.email.trim() });
      setRecipient({ state: 'verified', name: response.data.name });
    } catch (error) {
      setRecipient({ state: 'failed', message: errorMessage(error) });
    } finally {
      setChecking(false);
    }
  };

  const submit = () => {
    const problem = p2pFormProblem(values, balances, recipient?.state === 'verified');
    setErrors(problem ? { [problem.field]: problem.message } : {});
    if (!problem) setConfirming(true);
  };

  const execute = async () => {
    try {
      const response = await transferP2p(
        {
          to_email: values.email.trim(),
          amount: values.amount.trim(),
          from_crypto_currency_code: values.currency,
        },
        newIdempotencyKey(),
      );
      toast.success(response.message);
      setValues(empty);
      setRecipient(null);
      queryClient.setQueryData(walletKeys.wallet, response.data.wallet);
      void refreshBalances(queryClient);
      later(() => navigate(paths.history, { state: { type: 'p2p' } }), P2P_REDIRECT_MS);
    } catch (error) {
      // A toast says why, as for the page's other server refusals; returning instead of rethrowing
      // lets the question close, and the form keeps what the user typed.
      toast.warning(errorMessage(error));
    }
  };

  return (
    <div>
      <PageHeader title="P2P" description="Send crypto to another verified user by e-mail." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Balances" className="min-w-0">
          <P2pBalancesTable
            currencies={wallet.data}
            loading={wallet.isPending}
            error={wallet.error}
            onRetry={() => void wallet.refetch()}
          />
        </Card>
        <Card title="Transfer" className="min-w-0">
          <form
            className="flex flex-col gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <div className="flex flex-col gap-1">
              {recipient?.state === 'verified' ? (
                <p role="status" className="flex flex-wrap gap-x-2 text-sm">
                  <span className="text-success">{messages.emailVerified}</span>
                  <span className="text-muted">{recipient.name}</span>
                </p>
              ) : null}
              {recipient?.state === 'failed' ? (
                <p role="alert" className="text-sm text-danger">
                  {recipient.message}
                </p>
              ) : null}
              <div className="flex items-end gap-2">
                <div className="min-w-0 flex-1">
                  <Input
                    label="Recipient email"
                    type="email"
                    autoComplete="off"
                    value={values.email}
                    error={errors.email}
                    onChange={(event) => set('email', event.target.value)}
                  />
                </div>
                <Button
                  type="button"
                  variant="secondary"
                  className={errors.email ? 'mb-6' : undefined}
                  loading={checking}
                  onClick={() => void validateEmail()}
                >
                  Validate
                </Button>
              </div>
            </div>
            <Select
              label="Currency"
              placeholder="Select Currency"
              value={values.currency}
              options={currencyOptions}
              error={errors.currency}
              onChange={(event) => set('currency', event.target.value)}
            />
            <Input
              label="Amount"
              inputMode="decimal"
              autoComplete="off"
              value={values.amount}
              error={errors.amount}
              suffix={values.currency || undefined}
              onChange={(event) => set('amount', event.target.value)}
            />
            {session.is_kyc_verified ? <Button type="submit">Transfer</Button> : <CompleteKycLink />}
          </form>
        </Card>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={messages.confirmTransfer}
        onConfirm={execute}
        busyText={messages.processing}
      >
        <p className="text-sm text-muted tabular-nums">
          {values.amount} {values.currency} → {values.email}
        </p>
      </ConfirmDialog>
    </div>
  );
}
