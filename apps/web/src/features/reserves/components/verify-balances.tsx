import { formatMessage, messages as m, type ReserveProof, type ReserveReport } from '@exchange/contracts';
import { formatMinor } from '@exchange/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { getMyReserveProof } from '../api/reserves-api';
import { checkProof, downloadProof } from '../model/verify-proof';

type State =
  | { readonly step: 'idle' }
  | { readonly step: 'checking' }
  | { readonly step: 'done'; readonly proof: ReserveProof; readonly ok: boolean; readonly reason?: string }
  | { readonly step: 'failed'; readonly message: string };

/**
 * 'Verify my balances': fetches the customer's own proof, shows their leaf (balances at the snapshot),
 * recomputes the path to the root the public report shows, in this browser, and offers the proof as a file.
 */
export function VerifyBalances({ report }: { readonly report: ReserveReport }) {
  const [state, setState] = useState<State>({ step: 'idle' });

  async function verify() {
    setState({ step: 'checking' });
    try {
      const proof = (await getMyReserveProof(report._id)).data;
      const checked = await checkProof(proof, { hash: report.root_hash, totals: report.totals });
      setState({ step: 'done', proof, ...checked });
    } catch (error) {
      const notIncluded = isApiError(error) && error.status === 404;
      setState({ step: 'failed', message: notIncluded ? m.reservesNotIncluded : errorMessage(error) });
    }
  }

  return (
    <div className="space-y-4">
      <Button onClick={() => void verify()} loading={state.step === 'checking'}>
        {m.reservesVerify}
      </Button>
      {state.step === 'checking' ? <p className="text-sm text-muted">{m.reservesVerifying}</p> : null}
      {state.step === 'failed' ? (
        <p role="alert" className="text-sm text-danger">
          {state.message}
        </p>
      ) : null}
      {state.step === 'done' ? (
        <div className="space-y-3">
          <p
            role="status"
            data-testid="reserves-verdict"
            className={`rounded-lg border p-3 text-sm font-medium ${state.ok ? 'border-success/40 bg-success/10 text-success' : 'border-danger/40 bg-danger/10 text-danger'}`}
          >
            {state.ok
              ? m.reservesVerified
              : formatMessage(m.reservesNotVerified, { reason: state.reason ?? '' })}
          </p>
          <h3 className="text-sm font-semibold text-ink">{m.reservesYourBalances}</h3>
          <ul
            className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3"
            data-testid="reserves-leaf"
          >
            {state.proof.report.assets.map((asset, i) => (
              <li key={asset} className="flex justify-between gap-2">
                <span className="text-muted">{asset}</span>
                <span className="tabular-nums text-ink">
                  {formatMinor(
                    BigInt(state.proof.leaf.balances[i] ?? '0'),
                    state.proof.report.scales[i] ?? 0,
                  )}
                </span>
              </li>
            ))}
          </ul>
          <p className="break-all font-mono text-xs text-muted">
            Salt: {state.proof.leaf.salt} · {state.proof.path.length} steps to the root
          </p>
          <Button variant="secondary" onClick={() => downloadProof(state.proof)}>
            {m.reservesDownload}
          </Button>
          <p className="text-xs text-muted">
            Check it without our code:{' '}
            <code>node verify.mjs proof.json {report.root_hash.slice(0, 12)}…</code> (the verifier and its
            instructions are in the project's <code>verifier/</code> folder).
          </p>
        </div>
      ) : null}
    </div>
  );
}
