import { messages } from '@exchange/contracts';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { formatAmount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { balanceOf } from '../../../shared/wallet/get-wallet';
import { useKycStatus } from '../../kyc/api/get-my-kyc';
import { useSession } from '../../session/session-context';
import { type OrderFormInput, useOrderForm } from '../hooks/use-order-form';
import { sanitizeDecimal } from '../model/decimal-input';
import { INSTANT_FIAT, LIMIT_QUOTE } from '../model/market-rules';
import { type AdvancedChoice, DEFAULT_CHOICE } from '../model/time-in-force';
import { offersGetUsdt, offersUsdConvert, usdtShortfall } from '../model/usd-convert';
import { AdvancedOrderOptions } from './advanced-order-options';
import { ConvertUsdStep } from './convert-usd-step';
import { OrderConfirmation } from './order-confirmation';
import { LimitSummary, QuoteSummary } from './order-summary';
import { OrderTypePicker } from './order-type-picker';
import { QuantityShares } from './quantity-shares';
import { StopOrderFields } from './stop-order-fields';

export type OrderFormProps = OrderFormInput;

/**
 * One side of the buy/sell screen (spec sections 4 and 5): instant or limit, quantity and limit
 * price, the fee and total before anything is sent, the rules in the spec's order, then a buy asks
 * 'Are You sure you want to Buy ?' and a sell likewise asks before it goes out (issue 13). After a
 * success the wallet is stored, the quantity cleared and the user taken to History after 3 seconds,
 * where the new row is highlighted; after a failure the quantity is cleared and the screen's data
 * reloaded after 3 seconds. The quoting and submitting are useOrderForm's; this renders them.
 * A limit buy is paid in USDT: when USDT does not cover it and the customer holds USD, the form offers
 * 'Convert USD to USDT' in place (issue 45), and 'Get USDT' beside Available opens the same step.
 */
export function OrderForm(props: OrderFormProps) {
  const { side, coin, rules, referencePrice } = props;
  const session = useSession();
  const kycStatus = useKycStatus();
  const navigate = useNavigate();
  const formId = useId();
  const [choice, setChoice] = useState<AdvancedChoice>(DEFAULT_CHOICE);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // The stop fields live in 'Advanced': it is opened at once (not on the next render) so a rule
  // that fails there can put the focus in its field.
  const openAdvanced = () => flushSync(() => setAdvancedOpen(true));
  const order = useOrderForm(props, choice, openAdvanced);
  const { errors, balance, spendCode, feeBps, pending, estimate, shownQuote, quoteProblem } = order;
  const instant = order.type === 'instant';
  const actionLabel = side === 'buy' ? `Buy ${coin}` : `Sell ${coin}`;
  const quantityField = order.register('quantity');
  const priceField = order.register('limitPrice');
  const [getUsdtOpen, setGetUsdtOpen] = useState(false);
  const funding = {
    side,
    type: order.type,
    orderTotal: estimate?.total ?? null,
    usdtAvailable: balanceOf(props.wallet, LIMIT_QUOTE),
    usdAvailable: balanceOf(props.wallet, INSTANT_FIAT),
  };
  const getUsdt = session.is_kyc_verified && offersGetUsdt(funding);
  const convertShown = session.is_kyc_verified && (offersUsdConvert(funding) || (getUsdt && getUsdtOpen));

  return (
    <form
      onSubmit={order.onSubmit}
      noValidate
      aria-label={side === 'buy' ? 'Buy order' : 'Sell order'}
      className="flex flex-col gap-4"
    >
      <OrderTypePicker
        name={`${formId}-type`}
        value={order.type}
        onChange={order.setType}
        limitAllowed={order.limitAllowed}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-sm text-muted">
          Available:{' '}
          <span className="font-medium text-ink tabular-nums">
            {balance === undefined ? '-' : `${formatAmount(balance)} ${spendCode}`}
          </span>
        </p>
        {getUsdt ? (
          <button
            type="button"
            className="text-sm font-medium text-accent underline underline-offset-2 hover:text-accent-strong"
            aria-expanded={convertShown}
            onClick={() => setGetUsdtOpen((open) => !open)}
          >
            {messages.getUsdt}
          </button>
        ) : null}
      </div>
      <Input
        label="Quantity"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        suffix={<span className="pr-2">{coin}</span>}
        error={errors.quantity?.message}
        {...quantityField}
        onChange={(event) => {
          event.target.value = sanitizeDecimal(event.target.value);
          return quantityField.onChange(event);
        }}
      />
      <QuantityShares
        side={side}
        balance={balance}
        price={
          order.type !== 'limit'
            ? (order.quote?.price ?? referencePrice)
            : choice.kind === 'stop_market'
              ? order.stopPrice
              : order.limitPrice
        }
        feeBps={feeBps}
        decimals={rules?.quantityPrecision ?? 6}
        onPick={(value) => order.setValue('quantity', value, { shouldValidate: false })}
      />
      {/* A stop-market has no limit price: once triggered it is a market order. */}
      {order.type === 'limit' && choice.kind !== 'stop_market' ? (
        <Input
          label="Limit Price"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          suffix={<span className="pr-2">{LIMIT_QUOTE}</span>}
          error={errors.limitPrice?.message}
          {...priceField}
          onChange={(event) => {
            event.target.value = sanitizeDecimal(event.target.value);
            return priceField.onChange(event);
          }}
        />
      ) : null}
      {order.type === 'limit' ? (
        <AdvancedOrderOptions
          value={choice}
          onChange={setChoice}
          open={advancedOpen}
          onOpenChange={setAdvancedOpen}
          kindFields={
            <StopOrderFields
              kind={choice.kind}
              side={side}
              coin={coin}
              register={order.register}
              errors={errors}
              stopPrice={order.stopPrice}
              lastPrice={props.lastPrice ?? null}
            />
          }
        />
      ) : null}
      <div className="rounded-md border border-line bg-raised/50 p-3" aria-live="polite">
        {estimate ? (
          <LimitSummary estimate={estimate} side={side} />
        ) : quoteProblem ? (
          <p className="text-sm text-danger">{quoteProblem}</p>
        ) : shownQuote ? (
          <QuoteSummary
            quote={shownQuote}
            coin={coin}
            expiredText={order.quoteRefreshing ? 'Quote expired: fetching a new price…' : undefined}
          />
        ) : order.quoteLoading ? (
          <p className="text-sm text-muted">Fetching the price…</p>
        ) : (
          <p className="text-sm text-muted">
            {instant
              ? 'Enter a quantity to see the price, the fee and the total.'
              : 'Enter a quantity and a limit price to see the cost and the 0.2% fee.'}
          </p>
        )}
      </div>
      {convertShown ? (
        <ConvertUsdStep
          missing={usdtShortfall(funding)}
          usdAvailable={funding.usdAvailable}
          enabled={session.is_kyc_verified}
          onConverted={() => setGetUsdtOpen(false)}
        />
      ) : null}
      {session.is_kyc_verified ? (
        <Button
          type="submit"
          size="lg"
          fullWidth
          variant={side === 'buy' ? 'success' : 'danger'}
          loading={order.busy}
          loadingText={messages.processing}
        >
          {actionLabel}
        </Button>
      ) : (
        <Button size="lg" fullWidth onClick={() => navigate(paths.kyc)}>
          {kycStatus === 'PENDING' ? messages.kycUnderReview : messages.completeKyc}
        </Button>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) order.dismissPending();
        }}
        title={side === 'buy' ? messages.confirmBuy : messages.confirmSell}
        confirmVariant={side === 'buy' ? 'success' : 'danger'}
        busyText={messages.processing}
        closeOnConfirm={false}
        onConfirm={order.confirmPending}
      >
        {pending ? (
          <OrderConfirmation
            side={side}
            coin={coin}
            quantity={pending.values.quantity}
            limitPrice={pending.values.limitPrice}
            stop={pending.choice.kind === 'limit' ? null : pending.values}
            lastPrice={props.lastPrice ?? null}
            feeBps={feeBps}
            quote={pending.quote}
            requoted={pending.requoted ?? false}
            choice={pending.choice}
          />
        ) : null}
      </ConfirmDialog>
    </form>
  );
}
