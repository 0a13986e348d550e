import { messages, type StakeOption } from '@exchange/contracts';
import { Button } from '../../../components/ui/button';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { cn } from '../../../lib/cn';
import { formatAmount } from '../../../lib/format';

interface StakeOptionsTableProps {
  readonly options: readonly StakeOption[] | undefined;
  readonly loading: boolean;
  readonly error?: string;
  readonly onRetry: () => void;
  /** The chosen duration per option id (absent: none chosen). */
  readonly chosen: Readonly<Record<string, number>>;
  readonly onChoose: (optionId: string, duration: number | null) => void;
  readonly onStake: (option: StakeOption) => void;
}

/**
 * The stake options, one row per token (spec section 2). A click on a duration chooses it, a
 * double-click clears the choice; the APY and minimum follow the chosen variant (the first one until
 * a choice is made).
 */
export function StakeOptionsTable({
  options,
  loading,
  error,
  onRetry,
  chosen,
  onChoose,
  onStake,
}: StakeOptionsTableProps) {
  const variantOf = (option: StakeOption) =>
    option.variants.find((v) => v.duration === chosen[option._id]) ?? option.variants[0];

  const columns: Column<StakeOption>[] = [
    {
      id: 'token',
      header: 'Token',
      cell: (option) => (
        <span className="flex items-center gap-2 whitespace-nowrap">
          <CoinIcon src={option.image_url} code={option.symbol} />
          <span className="flex flex-col">
            <span className="font-medium text-ink">{option.name}</span>
            <span className="text-xs text-muted">{option.symbol}</span>
          </span>
        </span>
      ),
    },
    {
      id: 'duration',
      header: 'Duration (days)',
      cell: (option) => (
        // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
        <div role="group" aria-label={`${option.symbol} duration`} className="flex flex-wrap gap-1.5">
          {option.variants.map((variant) => {
            const selected = chosen[option._id] === variant.duration;
            return (
              <button
                key={variant.duration}
                type="button"
                aria-pressed={selected}
                title="Click to choose, double-click to clear"
                onClick={() => onChoose(option._id, variant.duration)}
                onDoubleClick={() => onChoose(option._id, null)}
                className={cn(
                  'min-w-12 rounded-md border px-2.5 py-1 text-sm tabular-nums transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
                  selected
                    ? 'border-accent bg-accent/20 font-semibold text-ink'
                    : 'border-line bg-raised text-muted hover:text-ink',
                )}
              >
                {variant.duration}
              </button>
            );
          })}
        </div>
      ),
    },
    {
      id: 'apy',
      header: 'APY',
      align: 'right',
      cell: (option) => <span className="tabular-nums">{variantOf(option)?.apy ?? '-'}%</span>,
    },
    {
      id: 'min',
      header: 'Min amount',
      align: 'right',
      cell: (option) => (
        <span className="whitespace-nowrap tabular-nums">
          {formatAmount(variantOf(option)?.min_amount)} <span className="text-muted">{option.symbol}</span>
        </span>
      ),
    },
    {
      id: 'action',
      header: <span className="sr-only">Action</span>,
      align: 'right',
      cell: (option) => (
        <Button
          size="sm"
          onClick={() => onStake(option)}
          aria-label={`${messages.stakeNow} ${option.symbol}`}
        >
          {messages.stakeNow}
        </Button>
      ),
    },
  ];

  return (
    <DataTable
      label="Stake options"
      columns={columns}
      rows={options}
      rowKey={(option) => option._id}
      loading={loading}
      error={error}
      onRetry={onRetry}
    />
  );
}
