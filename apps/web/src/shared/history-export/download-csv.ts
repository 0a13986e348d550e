import { apiBlob } from '../../lib/api-client';

/** The query of a download: the tab's filters as the list sends them (blank ones left out). */
export type DownloadQuery = Readonly<Record<string, string | undefined>>;

/** `transactions-2026-12-02.csv`, as the server names it: the tab and today's UTC date. */
export function csvFileName(name: string, now = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

export function withQuery(path: string, query: DownloadQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Downloads a CSV the server streams (a History tab's export, the statement) with the session's
 * token: the file arrives as a Blob through the API client (which refreshes the token once on a
 * 401, as every call does) and is saved through a temporary link, so no token ever sits in a URL.
 */
export async function downloadCsv(path: string, query: DownloadQuery, fileName: string): Promise<void> {
  const blob = await apiBlob(withQuery(path, query));
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the Blob to the browser's download; the URL is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
