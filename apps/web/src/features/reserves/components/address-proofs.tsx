import { messages as m, type ReserveReport } from '@exchange/contracts';
import { formatAssetListAmount } from '../../../lib/format';

const ROLE: Record<string, string> = { hot: 'Hot wallet', deposit: 'Deposit address', cold: 'Cold wallet' };

/** Every address the report proves: its balance at the block, a link to the explorer, and its signature. */
export function AddressProofs({ report }: { readonly report: ReserveReport }) {
  if (report.address_proofs.length === 0)
    return <p className="text-sm text-muted">No on-chain addresses in this report.</p>;
  return (
    <ul className="divide-y divide-line">
      {report.address_proofs.map((proof) => (
        <li
          key={`${proof.chain}:${proof.address}:${proof.asset}`}
          className="py-3 text-sm"
          data-testid="reserve-address"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium text-ink">
              {ROLE[proof.role]} · {proof.chain_name} · {proof.asset}
            </span>
            <span className="tabular-nums text-ink">{formatAssetListAmount(proof.balance, proof.asset)}</span>
          </div>
          <p className="mt-1 break-all font-mono text-xs text-muted">
            {proof.explorer_url ? (
              <a
                className="underline hover:text-ink"
                href={proof.explorer_url}
                target="_blank"
                rel="noreferrer"
              >
                {proof.address}
              </a>
            ) : (
              proof.address
            )}{' '}
            · block {proof.block_number}
          </p>
          <p className="mt-1 break-all font-mono text-xs text-muted">
            {m.reservesSignature}: {proof.signature ?? m.reservesNotSigned}
          </p>
        </li>
      ))}
    </ul>
  );
}
