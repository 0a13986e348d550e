/** History's CSV downloads and the account statement: our own texts (the spec has none). Part of the catalogue (index.ts). */
export const statementMessages = {
  statementLoaded: 'Account statement',
  statementDateInvalid: 'Please enter the dates as YYYY-MM-DD',
  statementRangeReversed: 'The start date must be on or before the end date',
  statementRangeTooLong: 'A statement covers at most {days} days',
  statementRangeFuture: 'The end date cannot be in the future',
  exportCsv: 'Export CSV',
  exportFailed: 'The download failed. Please try again.',
  exportBusyOwner: 'Your other downloads are still running. Please wait for one to finish and try again.',
  exportBusyTotal: 'Many downloads are running right now. Please try again in a minute.',
  statementTitle: 'Account statement',
  statementFrom: 'From',
  statementTo: 'To',
  statementDownload: 'Download statement',
} as const;
