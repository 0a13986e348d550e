import { z } from 'zod';

/**
 * Where the web process finds the signer process (issue 43, item 5; docs/custody.md): spread into
 * chain-config.ts's env and docs. With SIGNER_URL set the web process signs nothing itself: it sends
 * the outbox row's id and the transaction to the signer, which holds the seed words (SIGNER_MNEMONIC)
 * and checks the database before it signs.
 */
export const signerClientEnv = {
  SIGNER_URL: z
    .string()
    .regex(/^(unix:\/.+|http:\/\/(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\]):\d{1,5})$/, {
      message: 'must be http://127.0.0.1:<port> or unix:<socket path> (the signer listens locally only)',
    })
    .optional(),
  SIGNER_SECRET: z.string().min(32, 'must be 32+ random characters').optional(),
  CHAIN_HOT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')
    .optional(),
};

export const signerClientSettingDocs: Record<keyof typeof signerClientEnv, string> = {
  SIGNER_URL:
    'The signer process (`npm run signer`): `http://127.0.0.1:<port>` or `unix:<socket path>`. Set, the web process holds no key and asks the signer, which signs only what the database shows (docs/custody.md). **Required in production when a chain sends**; the embedded default starts its own.',
  SIGNER_SECRET:
    "Authenticates the web process's requests to the signer (HMAC over each request with its time): 32+ random characters, the same in both processes. Never logged. **Required in production with SIGNER_URL.**",
  CHAIN_HOT_ADDRESS:
    "The hot wallet's address, when the operator wants it pinned: the start refuses a signer whose hot wallet differs. Unset: the signer's answer at start.",
};

export interface SignerClientConfig {
  /** The signer process, null: sign in process (tests; the embedded default when it starts none). */
  readonly signer: {
    readonly url: string;
    readonly secret: string;
    readonly hotAddress: string | null;
  } | null;
}

type SignerClientEnv = { [K in keyof typeof signerClientEnv]?: z.output<(typeof signerClientEnv)[K]> };

export function signerClientConfig(env: SignerClientEnv): SignerClientConfig {
  return {
    signer: env.SIGNER_URL
      ? { url: env.SIGNER_URL, secret: env.SIGNER_SECRET ?? '', hotAddress: env.CHAIN_HOT_ADDRESS ?? null }
      : null,
  };
}
