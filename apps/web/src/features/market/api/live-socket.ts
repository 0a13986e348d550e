import { useEffect, useRef } from 'react';
import { realtime } from '../../../lib/realtime';

type Listener = (data: unknown) => void;

/**
 * Calls `onData` with each frame of `channel` while the component is mounted; null subscribes to
 * nothing. It rides the app's one socket (lib/realtime.ts), the one the ticker and the private 'user'
 * channel use, so a page opens a single connection however many live views it shows.
 */
export function useLiveChannel(channel: string | null, onData: Listener): void {
  const latest = useRef(onData);
  latest.current = onData;
  useEffect(() => {
    if (!channel) return;
    return realtime.subscribe(channel, (data) => latest.current(data));
  }, [channel]);
}
