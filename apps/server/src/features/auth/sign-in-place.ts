import { formatMessage, messages as m } from '@exchange/contracts';
import type { SignInPlace } from '@exchange/domain';
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import { clientNetwork } from '../../platform/client-address';

/** The longest user agent kept with a session; longer ones are cut (a header is up to 8 KB). */
const USER_AGENT_MAX = 512;

/** Where a sign-in comes from, as stored and shown: the device label and the masked network. */
export interface SignInClient extends SignInPlace {
  readonly userAgent: string;
}

/** A client the server knows nothing about (a test calling a use case directly). */
export const UNKNOWN_CLIENT: SignInClient = {
  userAgent: '',
  device: deviceLabel(''),
  network: networkLabel(undefined),
};

export function signInClient(request: FastifyRequest): SignInClient {
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
  return { userAgent, device: deviceLabel(userAgent), network: networkLabel(request.ip) };
}

/**
 * "Chrome on Windows": browser and system names, read by bowser, without versions, so a browser
 * update does not make a known device new. Unreadable agents get the catalogue's unknown names.
 */
export function deviceLabel(userAgent: string): string {
  let browser = '';
  let system = '';
  if (userAgent.trim()) {
    const parsed = Bowser.parse(userAgent);
    browser = parsed.browser.name ?? '';
    system = parsed.os.name ?? '';
  }
  return formatMessage(m.deviceLabel, {
    browser: browser || m.deviceUnknownBrowser,
    system: system || m.deviceUnknownSystem,
  });
}

/**
 * The network a client signed in from, masked: an IPv4 address's /24 (203.0.113.0/24) and an IPv6
 * address's /64 (2001:db8:1:2::/64). It tells a person "home" from "elsewhere" without storing or
 * showing the full address.
 */
export function networkLabel(ip: string | undefined): string {
  const network = clientNetwork(ip);
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(network);
  return ipv4 ? `${ipv4[1]}.${ipv4[2]}.${ipv4[3]}.0/24` : network;
}
