/**
 * The only text the signer signs for proof of reserves (an EIP-191 personal message on EVM chains):
 * fixed words, the report it belongs to and the address that signs it. The signer builds it itself
 * from the report id and its own key's address, so this way it can be made to sign neither a
 * transaction (EIP-191's prefix already rules that out) nor any other statement.
 */
export function reservesAttestation(reportId: string, address: string): string {
  return `Proof of reserves\nReport: ${reportId}\nAddress: ${address}\nThis address is controlled by the exchange; its coins back customer balances.`;
}

/** A report id as the signer accepts it: a lower-case UUID. */
export const RESERVES_REPORT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * assets / liabilities to four places, cut toward zero (a ratio is never shown higher than it is);
 * null when nothing is owed. Both in the same minor units.
 */
export function reserveRatio(assets: bigint, liabilities: bigint): string | null {
  if (liabilities <= 0n) return null;
  const scaled = (assets * 10_000n) / liabilities;
  const whole = scaled / 10_000n;
  const fraction = (scaled % 10_000n).toString().padStart(4, '0');
  return `${whole}.${fraction}`;
}

/**
 * The magic text a Bitcoin-family signed message is hashed under (the "Signed Message" convention of
 * Bitcoin Core's signmessage, kept by Litecoin Core and Electrum): Litecoin's on its networks ('ltc',
 * 'tltc', 'rltc'), Bitcoin's on the others. The hash is double SHA-256 of
 * varint(len(magic)) || magic || varint(len(message)) || message.
 */
export function bitcoinMessageMagic(networkPrefix: string): string {
  return networkPrefix.endsWith('ltc') ? 'Litecoin Signed Message:\n' : 'Bitcoin Signed Message:\n';
}
