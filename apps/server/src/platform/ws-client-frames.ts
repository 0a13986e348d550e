import { type ClientFrame, clientFrameSchema, type WsErrorCode } from '@exchange/contracts';
import type WebSocket from 'ws';

const KNOWN_OPS = new Set(['subscribe', 'unsubscribe', 'auth', 'ping']);

/** Reads one client frame; anything wrong becomes an error to answer, never a disconnect. */
export function parseClientFrame(
  raw: WebSocket.RawData,
  isBinary: boolean,
): ClientFrame | { error: WsErrorCode; message: string } {
  if (isBinary) return { error: 'malformed', message: 'Frames must be JSON text' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString());
  } catch {
    return { error: 'malformed', message: 'Frames must be JSON text' };
  }
  const op = typeof parsed === 'object' && parsed !== null ? (parsed as { op?: unknown }).op : undefined;
  if (typeof op !== 'string' || !KNOWN_OPS.has(op)) {
    return { error: 'unknown_op', message: `Unknown op; use one of ${[...KNOWN_OPS].join(', ')}` };
  }
  const frame = clientFrameSchema.safeParse(parsed);
  return frame.success ? frame.data : { error: 'malformed', message: `Malformed ${op} frame` };
}
