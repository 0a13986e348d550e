import { messages, P2P_CODES } from '@exchange/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { coinOptions } from '../../../components/ui/select-options';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, newIdempotencyKey } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { ruleResolver } from '../../../lib/rule-resolver';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { useWalletCurrencies } from '../../../shared/wallet/get-wallet';
import { CompleteKycLink } from '../../kyc/components/complete-kyc-link';
import { useSession } from '../../session/session-context';
import { lookUpRecipient, useTransferP2p } from '../api/p2p-api';
import { P2pBalancesTable } from '../components/p2p-balances-table';
import { p2pFormProblem } from '../p2p-rules';

/** The spec goes to the history 2 seconds after a transfer. */
const P2P_REDIRECT_MS = 2_000;

const currencyOptions = coinOptions(P2P_CODES);
interface P2pFormFields {
  email: string;
  currency: string;
  amount: string;
}

type P2pField = keyof P2pFormFields;

const empty: P2pFormFields = { email: '', currency: '', amount: '' };

interface P2pFormContext {
  readonly balances: Readonly<Record<string, string>>;
  /** The recipient passed Validate for the address in the field. */
  readonly validated: boolean;
}

/** The transfer's checks (p2p-rules.ts, over the domain's), each shown under its field. */
const resolver = ruleResolver<P2pFormFields, P2pFormContext>((values, { balances, validated }) =>
  p2pFormProblem(values, balances, validated),
);

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
  const later = useDelayedAction();
  const transfer = useTransferP2p();
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const balances = Object.fromEntries((wallet.data ?? []).map((c) => [c.symbol, c.balance]));
  const { register, handleSubmit, setError, clearErrors, reset, watch, getValues, formState } = useForm<
    P2pFormFields,
    P2pFormContext
  >({
    defaultValues: empty,
    resolver,
    // As before: a problem shows after Transfer or Validate and goes away once its field changes.
    reValidateMode: 'onSubmit',
    context: { balances, validated: recipient?.state === 'verified' },
  });
  const { errors } = formState;
  const values = watch();
  const field = (name: P2pField) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        // A changed address has to be checked again.
        if (name === 'email') setRecipient(null);
      },
    });

  const validateEmail = async () => {
    const email = getValues('email');
    const problem = p2pFormProblem({ email, currency: 'BTC', amount: '0' }, {}, true);
    if (problem?.field === 'email') {
      clearErrors();
      setError('email', { type: 'rule', message: problem.message });
      return;
    }
    setChecking(true);
    try {
      const response = await lookUpRecipient({ email: email.trim() });
      setRecipient({ state: 'verified', name: response.data.name });
    } catch (error) {
      setRecipient({ state: 'failed', message: errorMessage(error) });
    } finally {
      setChecking(false);
    }
  };

  const submit = handleSubmit(() => setConfirming(true));

  const execute = async () => {
    const { email, amount, currency } = getValues();
    try {
      const response = await transfer.mutateAsync({
        body: {
          to_email: email.trim(),
          amount: amount.trim(),
          from_crypto_currency_code: currency,
        },
        idempotencyKey: newIdempotencyKey(),
      });
      toast.success(response.message);
      reset(empty);
      setRecipient(null);
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
          <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
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
                    error={errors.email?.message}
                    {...field('email')}
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
              options={currencyOptions}
              error={errors.currency?.message}
              {...field('currency')}
            />
            <Input
              label="Amount"
              inputMode="decimal"
              autoComplete="off"
              error={errors.amount?.message}
              suffix={values.currency || undefined}
              {...field('amount')}
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
