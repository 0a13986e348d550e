import type { InstantQuote, OrderSide, OrderType, Wallet } from '@exchange/contracts';
import type { CryptoCode, MarketRules } from '@exchange/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, newIdempotencyKey } from '../../../lib/api-client';
import { SUCCESS_REDIRECT_MS } from '../../../lib/config';
import { formatAssetPrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { balanceOf } from '../../../shared/wallet/get-wallet';
import { refreshBalances } from '../../../shared/wallet/refresh-balances';
import { marketKeys } from '../../market/api/market-keys';
import { useSession } from '../../session/session-context';
import { fetchFreshQuote, forgetQuotes, QUOTE_DEBOUNCE_MS, useInstantQuote } from '../api/use-instant-quote';
import { usePlaceOco } from '../api/use-place-oco';
import { usePlaceOrder } from '../api/use-place-order';
import { limitEstimate } from '../model/limit-estimate';
import { DEFAULT_FEE_BPS, INSTANT_FIAT, LIMIT_QUOTE, offersLimitOrders } from '../model/market-rules';
import { placeOcoBody, placeOrderBody } from '../model/order-requests';
import { type OrderContext, validateOrderForm } from '../model/order-validation';
import {
  checkStopMarket,
  checkStopOrder,
  heldPrice,
  inferStopKind,
  isStopKind,
  refusalField,
  type StopFormValues,
  type StopKind,
} from '../model/stop-orders';
import type { AdvancedChoice } from '../model/time-in-force';
import { quoteErrorText, quoteFits, quoteMatches } from './quote-fit';

/** What one side of the buy/sell screen trades, and what it knows before a quote exists. */
export interface OrderFormInput {
  readonly side: OrderSide;
  readonly coin: CryptoCode;
  readonly rules: MarketRules | null;
  readonly wallet: Wallet | undefined;
  /** The newest USD price of the coin (chart or ticker), for the balance rule before a quote exists. */
  readonly referencePrice: string | null;
  /** A price the user picked in the order book: the form switches to a limit order at it. */
  readonly pickedPrice?: { readonly price: string; readonly at: number } | null;
  /** The market's last trade price, which a stop waits for (issue 48); null before any trade. */
  readonly lastPrice?: string | null;
}

/** An order the user submitted, waiting in the confirmation dialog. */
export interface PendingOrder {
  readonly values: StopFormValues;
  readonly type: OrderType;
  readonly quote: InstantQuote | null;
  /** The first quote expired inside the dialog and this one replaced it. */
  readonly requoted?: boolean;
  /** A limit order's kind, time in force and post only ('Advanced', issue 48). */
  readonly choice: AdvancedChoice;
  /** A stop-limit's kind, inferred from the last price at submission. */
  readonly stopKind: StopKind | null;
}

/**
 * The order form's quoting and submitting (spec sections 4 and 5): the form's fields and rules, the
 * server's quote shown once the quantity settles, a firm quote fetched on submit when the shown one
 * no longer fits, the confirmation's pending order (re-quoted when its quote ran out in the dialog),
 * and what follows the answer: after a success the quantity is cleared and the user taken to History
 * after 3 seconds with the new row highlighted; after a failure the quantity is cleared and the
 * screen's data reloaded after 3 seconds.
 */
export function useOrderForm(
  { side, coin, rules, wallet, referencePrice, pickedPrice, lastPrice = null }: OrderFormInput,
  choice: AdvancedChoice,
  openAdvanced: () => void = () => undefined,
) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const later = useDelayedAction();
  const place = usePlaceOrder();
  const placeOco = usePlaceOco();
  const [type, setType] = useState<OrderType>('instant');
  const [quoting, setQuoting] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [pending, setPending] = useState<PendingOrder | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    watch,
    formState: { errors },
  } = useForm<StopFormValues>({
    defaultValues: { quantity: '', limitPrice: '', stopPrice: '', stopLimitPrice: '' },
  });
  const quantity = watch('quantity');
  const limitPrice = watch('limitPrice');
  const stopPrice = watch('stopPrice');
  const stopLimitPrice = watch('stopLimitPrice');
  const limitAllowed = offersLimitOrders(coin);
  const effectiveType: OrderType = limitAllowed ? type : 'instant';
  const feeBps = rules?.takerFeeBps ?? DEFAULT_FEE_BPS;
  const spendCode = side === 'sell' ? coin : effectiveType === 'limit' ? LIMIT_QUOTE : INSTANT_FIAT;
  const balance = balanceOf(wallet, spendCode);
  const sending = place.isPending || placeOco.isPending;
  const busy = quoting || sending || redirecting;

  // A new coin or side starts a new order: no stale quote, no stale messages.
  const resetKey = `${coin}-${side}-${effectiveType}`;
  const lastReset = useRef(resetKey);
  useEffect(() => {
    if (lastReset.current === resetKey) return;
    lastReset.current = resetKey;
    clearErrors();
  }, [resetKey, clearErrors]);

  // A level picked in the book: a limit order at its price (coins without a market ignore it).
  useEffect(() => {
    if (!pickedPrice || !limitAllowed) return;
    setType('limit');
    setValue('limitPrice', pickedPrice.price);
  }, [pickedPrice, limitAllowed, setValue]);

  const context = (instantQuote: InstantQuote | null): OrderContext => ({
    side,
    type: effectiveType,
    coin,
    rules,
    balance,
    instantPrice: instantQuote?.price ?? referencePrice,
    instantTotal: instantQuote?.total ?? null,
    limitFeeBps: feeBps,
  });

  // The server's quote is shown before the user acts: once the quantity has settled and passes the
  // client rules, for a KYC-verified user only (the others would get 403).
  const settledQuantity = useDebouncedValue(quantity, QUOTE_DEBOUNCE_MS);
  const quotable =
    session.is_kyc_verified &&
    effectiveType === 'instant' &&
    !sending &&
    !redirecting &&
    settledQuantity === quantity &&
    settledQuantity.trim() !== '' &&
    validateOrderForm({ quantity: settledQuantity, limitPrice: '' }, context(null)) === null;
  const liveQuote = useInstantQuote({ side, coin, quantity: settledQuantity }, quotable);
  const quote = liveQuote.data ?? null;

  const report = (problem: { field: keyof StopFormValues; message: string } | null): boolean => {
    clearErrors();
    if (!problem) return false;
    // The stop fields live in 'Advanced': it opens first, so the field can take the focus.
    if (problem.field === 'stopPrice' || problem.field === 'stopLimitPrice') openAdvanced();
    setError(problem.field, { type: 'rule', message: problem.message }, { shouldFocus: true });
    return true;
  };

  const afterFailure = () => {
    setValue('quantity', '');
    // The spec reloads the page; refetching what the screen shows has the same effect without losing it.
    later(() => {
      void refreshBalances(queryClient);
      void queryClient.invalidateQueries({ queryKey: marketKeys.all });
    }, SUCCESS_REDIRECT_MS);
  };

  const execute = async (order: PendingOrder) => {
    // One key per confirmed action: a retry of this request cannot execute twice.
    const idempotencyKey = newIdempotencyKey();
    const toSend = { ...order, quoteId: order.quote?.quote_id ?? null };
    try {
      const oco = order.type === 'limit' && order.choice.kind === 'oco';
      const response = oco
        ? await placeOco.mutateAsync({ side, body: placeOcoBody(toSend, coin), idempotencyKey })
        : await place.mutateAsync({
            body: placeOrderBody(toSend, side, coin, rules?.id ?? null),
            idempotencyKey,
          });
      toast.success(response.message);
      setValue('quantity', '');
      setRedirecting(true);
      // An instant trade is a wallet transaction (Transactions tab); a limit order lives under Order Transaction.
      const type = order.type === 'limit' ? 'limit' : 'buysell';
      // The new row is highlighted where the user lands: the order by its id (on the Open or the
      // Completed list), an instant trade as the newest transaction.
      const placed = 'orders' in response.data ? response.data.orders[0] : response.data.order;
      const highlight = placed
        ? { id: placed.id, open: placed.status === 'open' }
        : { id: 'newest', open: false };
      later(() => navigate(paths.history, { state: { type, highlight } }), SUCCESS_REDIRECT_MS);
    } catch (error) {
      toast.error(errorMessage(error));
      // A post-only that would have traded at once, a stop that would trigger at once: the refusal
      // stays in the form, by the price it is about.
      const field = refusalField(errorMessage(error));
      if (field) {
        if (field !== 'limitPrice') openAdvanced();
        setError(field, { type: 'server', message: errorMessage(error) });
      }
      afterFailure();
    } finally {
      // Sent or refused, the quote is spent: never show or reuse it again.
      if (order.quote) forgetQuotes(queryClient);
      setPending(null);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const kind = effectiveType === 'limit' ? choice.kind : 'limit';
    const shownLast = lastPrice ? formatAssetPrice(lastPrice, coin) : '';
    const problem =
      kind === 'stop_market'
        ? checkStopMarket(values, context(null), lastPrice, shownLast)
        : (validateOrderForm(values, context(null)) ??
          checkStopOrder(kind, values, context(null), lastPrice, shownLast));
    if (report(problem)) return;
    let instantQuote: InstantQuote | null = null;
    if (effectiveType === 'instant') {
      instantQuote = quoteFits(quote, values.quantity, side, coin) ? quote : null;
      if (!instantQuote) {
        setQuoting(true);
        try {
          instantQuote = await fetchFreshQuote(queryClient, { side, coin, quantity: values.quantity });
        } catch (error) {
          toast.error(quoteErrorText(error));
          return;
        } finally {
          setQuoting(false);
        }
      }
      // With the firm price known, the balance rule is checked again against its total.
      if (report(validateOrderForm(values, context(instantQuote)))) return;
    }
    const stopKind = isStopKind(kind) ? inferStopKind(side, values.stopPrice, lastPrice) : null;
    setPending({ values, type: effectiveType, quote: instantQuote, choice: { ...choice, kind }, stopKind });
  });

  // A quote that ran out while the dialog was open is never sent: a new one is fetched and shown,
  // and the user confirms again at that price.
  const confirmPending = async () => {
    if (!pending) return;
    if (!pending.quote || Date.parse(pending.quote.expires_at) > Date.now()) return execute(pending);
    try {
      const fresh = await fetchFreshQuote(queryClient, { side, coin, quantity: pending.values.quantity });
      setPending({ ...pending, quote: fresh, requoted: true });
    } catch (error) {
      toast.error(quoteErrorText(error));
    }
  };

  /** The dialog closed without confirming: the order is dropped, unless it is being sent. */
  const dismissPending = () => {
    if (!sending) setPending(null);
  };

  const instant = effectiveType === 'instant';
  const shownQuote = instant && quoteMatches(quote, quantity, side, coin) ? quote : null;
  return {
    register,
    errors,
    setValue,
    type: effectiveType,
    setType,
    limitAllowed,
    feeBps,
    spendCode,
    balance,
    busy,
    limitPrice,
    /** The newest quote for the settled quantity, whether or not it matches what is typed now. */
    quote,
    /** The quote shown: it is for exactly what is typed. */
    shownQuote,
    quoteRefreshing: liveQuote.isFetching,
    quoteProblem: quotable && liveQuote.isError ? quoteErrorText(liveQuote.error) : null,
    quoteLoading: quotable && liveQuote.isFetching && !shownQuote,
    stopPrice,
    estimate:
      effectiveType === 'limit'
        ? limitEstimate(
            quantity,
            heldPrice(choice.kind, side, { quantity, limitPrice, stopPrice, stopLimitPrice }),
            feeBps,
            side,
          )
        : null,
    pending,
    onSubmit,
    confirmPending,
    dismissPending,
  };
}
