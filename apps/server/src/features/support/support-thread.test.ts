import { messages as m } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { post, ROOMY_LIMITS } from '../auth/auth-test-helpers';

/** Issue 46 point 7: a ticket keeps a thread of the customer's and the team's replies, in order. */
let t: TestApp;
let admin: TestUser;
let carol: TestUser;
let ticketId: string;
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY_LIMITS });
  admin = await createTestUser(t, { role: 'ADMIN', name: 'Support Admin' });
  carol = await createTestUser(t, { name: 'Carol Thread' });
  const created = await post(
    t,
    '/support/create',
    { subject: 'Card declined', description: 'My card was declined' },
    carol.headers,
  );
  ticketId = created.json().data._id;
});
afterAll(async () => t.close());

const thread = (headers: Record<string, string>, id = ticketId) =>
  t.app.inject({ method: 'GET', url: `/api/v1/support/thread?ticket_id=${id}`, headers });
const reply = (headers: Record<string, string>, message: string, id = ticketId) =>
  post(t, '/support/reply', { ticket_id: id, message }, headers);

describe('who may read and write a ticket thread', () => {
  it('the customer their own; another customer finds nothing; anonymous 401', async () => {
    const other = await createTestUser(t, { kyc: true });
    expect((await thread({})).statusCode).toBe(401);
    expect((await thread(other.headers)).statusCode).toBe(404);
    expect((await reply(other.headers, 'not mine')).statusCode).toBe(404);
    expect((await reply({}, 'anon')).statusCode).toBe(401);
    expect((await thread(carol.headers)).statusCode).toBe(200);
    expect((await reply(carol.headers, '')).json().message).toBe(m.supportReplyRequired);
    expect((await reply(carol.headers, 'x'.repeat(1001))).statusCode).toBe(400);
  });

  it('POST /admin/support/thread: anonymous 401, a customer (KYC or not) 403, an admin 200', async () => {
    const call = (headers: Record<string, string>) =>
      post(t, '/admin/support/thread', { ticket_id: ticketId }, headers);
    expect((await call({})).statusCode).toBe(401);
    expect((await call(carol.headers)).statusCode).toBe(403);
    expect((await call((await createTestUser(t, { kyc: true })).headers)).statusCode).toBe(403);
    expect((await call(admin.headers)).statusCode).toBe(200);
    expect((await post(t, '/admin/support/thread', { ticket_id: 'nope' }, admin.headers)).statusCode).toBe(
      400,
    );
  });
});

describe('a conversation', () => {
  it('keeps the replies in order, and each side moves the ticket: answered by the team, waiting on a reply', async () => {
    await reply(carol.headers, 'It happened twice');
    const answered = await post(
      t,
      '/admin/support/answer',
      { ticket_id: ticketId, answer: 'Please try again now', status: 'ACTIVE' },
      admin.headers,
    );
    expect(answered.statusCode).toBe(200);
    const again = await reply(carol.headers, 'Works now, thanks');
    expect(again.json().message).toBe(m.supportReplySent);
    const seen = (await post(t, '/admin/support/thread', { ticket_id: ticketId }, admin.headers)).json().data;
    expect(seen.ticket.description).toBe('My card was declined');
    expect(seen.ticket.status).toBe('PENDING');
    expect(seen.replies.map((r: { from_team: boolean; body: string }) => [r.from_team, r.body])).toEqual([
      [false, 'It happened twice'],
      [true, 'Please try again now'],
      [false, 'Works now, thanks'],
    ]);
    expect((await thread(carol.headers)).json().data.replies).toHaveLength(3);
  });

  it('filters the admin list by status on the server, PENDING with the INACTIVE it shows as PENDING', async () => {
    const list = async (status: string) =>
      (await post(t, '/admin/getAllSupport', { status, search: 'Card declined' }, admin.headers))
        .json()
        .data.data.content.map((row: { _id: string }) => row._id);
    expect(await list('PENDING')).toEqual([ticketId]);
    expect(await list('CLOSED')).toEqual([]);
    await post(t, '/admin/support/status', { ticket_id: ticketId, status: 'CLOSED' }, admin.headers);
    expect(await list('CLOSED')).toEqual([ticketId]);
    expect((await post(t, '/admin/getAllSupport', { status: 'OPENISH' }, admin.headers)).statusCode).toBe(
      400,
    );
  });
});
