import pg from 'pg';

/**
 * The e2e server's database: embedded PostgreSQL on E2E_PORT + 46,000 (playwright.config.ts), which
 * also listens on 127.0.0.1 for tools like this one.
 */
function e2eDatabaseUrl(): string {
  const port = Number(process.env.E2E_PORT ?? 8181) + 46_000;
  return `postgres://exchange:exchange@127.0.0.1:${port}/exchange`;
}

/**
 * A day passes for one customer: their two-factor enrolment and last password change, and the wait of
 * each address they added to their book, move `hours` (25) into the past, as if they came back the next
 * day. The server runs with its default 24-hour withdrawal pause and address cool-down (start-server.mjs
 * leaves them alone); a flow shows the wait first, then lets its day pass instead of waiting one.
 * Nothing else changes: no endpoint, no server flag.
 */
export async function letAFewHoursPass(email: string, hours = 25): Promise<void> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    await client.query('BEGIN');
    const moved = await client.query(
      `UPDATE users
          SET totp_enabled_at = totp_enabled_at - make_interval(hours => $2::int),
              password_changed_at = password_changed_at - make_interval(hours => $2::int)
        WHERE lower(email) = lower($1)
        RETURNING id`,
      [email, hours],
    );
    if (moved.rowCount !== 1) throw new Error(`no customer ${email} in the e2e database`);
    await client.query(
      `UPDATE withdrawal_addresses SET usable_at = usable_at - make_interval(hours => $2::int)
        WHERE user_id = $1`,
      [moved.rows[0].id, hours],
    );
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}
