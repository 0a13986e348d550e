import type {
  ReserveAddressProof,
  ReserveAssetLine,
  ReserveReport,
  ReserveReportSummary,
} from '@exchange/contracts';
import type { ReportRow } from './reserves.repository';

/** What the public list shows of a report: no customer data, only the commitment and the ratios. */
export function reportSummaryView(row: ReportRow): ReserveReportSummary {
  return {
    _id: row.id,
    seq: row.seq,
    created_at: row.created_at.toISOString(),
    trigger: row.trigger,
    root_hash: row.root_hash,
    report_hash: row.report_hash,
    previous_hash: row.previous_hash,
    leaf_count: row.leaf_count,
    lines: row.lines as ReserveAssetLine[],
  };
}

export function reportView(row: ReportRow): ReserveReport {
  return {
    ...reportSummaryView(row),
    assets: row.assets,
    totals: row.totals,
    address_proofs: row.address_proofs as ReserveAddressProof[],
    usd_statement: row.usd_statement,
  };
}
