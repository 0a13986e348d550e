import { messages as m, type ReserveAssetLine, type ReserveReport } from '@exchange/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatAssetListAmount } from '../../../lib/format';

/** Per asset: what customers are owed, what is proven, and the ratio; USD's assets are the operator's word. */
export function ReportLines({ report }: { readonly report: ReserveReport }) {
  return (
    <div>
      <ul className="divide-y divide-line sm:hidden">
        {report.lines.map((line) => (
          <li key={line.asset} className="py-2 text-sm" data-testid={`reserve-card-${line.asset}`}>
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium text-ink">
                {line.asset} <SourceBadge line={line} />
              </span>
              <span className="tabular-nums text-ink">
                {m.reservesRatio} {line.ratio === null ? '—' : `${line.ratio}×`}
              </span>
            </div>
            <p className="mt-1 flex justify-between gap-2 text-xs text-muted">
              <span>
                {m.reservesLiabilities}: {formatAssetListAmount(line.liabilities, line.asset)}
              </span>
              <span>
                {m.reservesAssets}: {formatAssetListAmount(line.assets, line.asset)}
              </span>
            </p>
          </li>
        ))}
      </ul>
      <section
        aria-label="Liabilities and assets per asset"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll a table wider than the screen (WCAG 2.1.1)
        tabIndex={0}
        className="hidden overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-accent sm:block"
      >
        <table className="w-full min-w-[30rem] text-sm">
          <thead>
            <tr className="border-b border-line text-left text-muted">
              <th className="py-2 pr-3 font-medium">{m.reservesAsset}</th>
              <th className="py-2 pr-3 text-right font-medium">{m.reservesLiabilities}</th>
              <th className="py-2 pr-3 text-right font-medium">{m.reservesAssets}</th>
              <th className="py-2 text-right font-medium">{m.reservesRatio}</th>
            </tr>
          </thead>
          <tbody>
            {report.lines.map((line) => (
              <tr
                key={line.asset}
                className="border-b border-line/60"
                data-testid={`reserve-line-${line.asset}`}
              >
                <th scope="row" className="py-2 pr-3 text-left font-medium text-ink">
                  {line.asset}
                  <SourceBadge line={line} />
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {formatAssetListAmount(line.liabilities, line.asset)}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {formatAssetListAmount(line.assets, line.asset)}
                </td>
                <td className="py-2 text-right tabular-nums">
                  {line.ratio === null ? '—' : `${line.ratio}×`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {report.usd_statement !== null ? (
        <p className="mt-2 text-xs text-muted">{m.reservesStatement}</p>
      ) : null}
    </div>
  );
}

/** USD's assets are the operator's word; an owed asset with nothing proven says so. */
function SourceBadge({ line }: { readonly line: ReserveAssetLine }) {
  if (line.source === 'statement')
    return (
      <span className="ml-2 align-middle">
        <Badge tone="warning">Operator's statement</Badge>
      </span>
    );
  if (line.source === 'none' && line.ratio !== null)
    return (
      <span className="ml-2 align-middle">
        <Badge tone="neutral">Not proven</Badge>
      </span>
    );
  return null;
}
