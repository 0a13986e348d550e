import { BaseError, HttpRequestError, TimeoutError } from 'viem';

/**
 * What a node's refusal of a raw transaction means to the sender. Nodes word these differently
 * (geth: 'already known', 'nonce too low', 'insufficient funds for gas * price + value'; hardhat:
 * 'Known transaction', 'Nonce too low', "Sender doesn't have enough funds"), so the words are matched
 * loosely; anything not recognised that the node itself answered is a refusal of the transaction.
 */
export type NodeAnswer =
  /** The node has it already (a re-broadcast after a crash or by a second sender). */
  | { readonly kind: 'known' }
  /** The nonce is used: by this transaction (or one it replaced) if mined, else by another. */
  | { readonly kind: 'nonce-used' }
  /**
   * Not now: the node was not reached or did not answer, a replacement's fee is not high enough yet
   * (the next one bumps again), or an earlier nonce is missing on the node (it comes first).
   */
  | { readonly kind: 'later'; readonly message: string }
  /** The node refused the transaction itself (no funds for gas, gas limit, a bad chain id ...). */
  | { readonly kind: 'rejected'; readonly message: string };

/** The node's own words, without viem's wrapping; never holds a key (only the node's answer). */
export function nodeMessage(error: unknown): string {
  if (error instanceof BaseError) {
    const deepest = error.walk() as BaseError | undefined;
    const text =
      (deepest instanceof BaseError ? deepest.details || deepest.shortMessage : undefined) ??
      (error.details || error.shortMessage);
    return text.slice(0, 300);
  }
  return String(error).slice(0, 300);
}

export function classifyNodeError(error: unknown): NodeAnswer {
  if (error instanceof BaseError) {
    const transport = error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError);
    // An HTTP error that carries an RPC error body is the node answering; one without is the network.
    if (transport && !(error.walk() as { code?: number } | undefined)?.code)
      return { kind: 'later', message: nodeMessage(error) };
  } else {
    return { kind: 'later', message: String(error).slice(0, 300) };
  }
  const message = nodeMessage(error);
  const words = `${message} ${error.message}`.toLowerCase();
  if (
    words.includes('already known') ||
    words.includes('known transaction') ||
    words.includes('already imported')
  )
    return { kind: 'known' };
  if (words.includes('nonce too low') || words.includes('nonce has already been used'))
    return { kind: 'nonce-used' };
  if (
    words.includes('underpriced') ||
    words.includes('replacement fee too low') ||
    words.includes('nonce too high') ||
    words.includes('nonce gap')
  )
    return { kind: 'later', message };
  return { kind: 'rejected', message };
}
