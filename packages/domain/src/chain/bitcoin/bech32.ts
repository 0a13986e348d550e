/**
 * Bech32 (BIP-173) and bech32m (BIP-350), the written form of segregated-witness addresses: a
 * human-readable part naming the network ('bc', 'ltc', 'rltc' …), the separator '1', then 5-bit
 * groups ending in a six-character checksum over both. Pure, with no dependency, so the web form and
 * the server read an address by the same rule.
 */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** The checksum constant of each encoding: bech32 for witness version 0, bech32m for 1 and up. */
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

export type Bech32Encoding = 'bech32' | 'bech32m';

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i]!;
  }
  return chk >>> 0;
}

function expandHrp(hrp: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) >> 5);
  out.push(0);
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) & 31);
  return out;
}

function constantOf(encoding: Bech32Encoding): number {
  return encoding === 'bech32' ? BECH32_CONST : BECH32M_CONST;
}

/** Writes 5-bit groups under a human-readable part with the encoding's checksum (lower case). */
export function bech32Encode(hrp: string, words: readonly number[], encoding: Bech32Encoding): string {
  const values = [...expandHrp(hrp), ...words, 0, 0, 0, 0, 0, 0];
  const mod = polymod(values) ^ constantOf(encoding);
  let out = `${hrp}1`;
  for (const word of words) out += CHARSET[word];
  for (let i = 0; i < 6; i++) out += CHARSET[(mod >>> (5 * (5 - i))) & 31];
  return out;
}

/**
 * Reads a bech32 or bech32m string: one case only (a mixed-case string is refused), at most 90
 * characters, a checksum that holds under one of the two constants. Undefined when it does not read.
 */
export function bech32Decode(
  text: string,
): { hrp: string; words: number[]; encoding: Bech32Encoding } | undefined {
  if (text.length > 90 || text.length < 8) return undefined;
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return undefined;
  const lower = text.toLowerCase();
  const at = lower.lastIndexOf('1');
  if (at < 1 || at + 7 > lower.length) return undefined;
  const hrp = lower.slice(0, at);
  for (let i = 0; i < hrp.length; i++) {
    const code = hrp.charCodeAt(i);
    if (code < 33 || code > 126) return undefined;
  }
  const words: number[] = [];
  for (const char of lower.slice(at + 1)) {
    const word = CHARSET.indexOf(char);
    if (word < 0) return undefined;
    words.push(word);
  }
  const check = polymod([...expandHrp(hrp), ...words]);
  const encoding: Bech32Encoding | undefined =
    check === BECH32_CONST ? 'bech32' : check === BECH32M_CONST ? 'bech32m' : undefined;
  if (!encoding) return undefined;
  return { hrp, words: words.slice(0, -6), encoding };
}

/** Regroups bits (8 → 5 to write, 5 → 8 to read); undefined when reading leaves non-zero padding. */
export function convertBits(
  data: readonly number[],
  from: number,
  to: number,
  pad: boolean,
): number[] | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    if (value < 0 || value >> from !== 0) return undefined;
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) return undefined;
  return out;
}
