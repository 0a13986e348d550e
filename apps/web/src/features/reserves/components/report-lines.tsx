import { messages as m, type ReserveReport } from '@exchange/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatAssetListAmount } from '../../../lib/format';

/** Per asset: what customers are owed, what is proven, and the ratio; USD's assets are the operator's word. */
export function ReportLines({ report }: { readonly report: ReserveReport }) {
  return (
    <div>
      <section
        aria-label="Liabilities and assets per asset"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll a table wider than the screen (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-accent"
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
                  {line.source === 'statement' ? (
                    <span className="ml-2 align-middle">
                      <Badge tone="warning">Operator's statement</Badge>
                    </span>
                  ) : line.source === 'none' && line.ratio !== null ? (
                    <span className="ml-2 align-middle">
                      <Badge tone="neutral">Not proven</Badge>
                    </span>
                  ) : null}
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
