import { messages as m } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, mailOutbox, supportTickets } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let noKyc: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createTestUser(t, { kyc: true, name: 'Alice Support' });
  bob = await createTestUser(t, { kyc: true, name: 'Bob Support' });
  noKyc = await createTestUser(t, { name: 'Carol NoKyc' });
  admin = await createTestUser(t, { role: 'ADMIN', name: 'Admin One' });
});
afterAll(async () => t.close());

const create = (user: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/support/create',
    headers: user?.headers ?? {},
    payload: payload as object,
  });
const mine = (user: TestUser | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/support/getSupportByUser${query}`,
    headers: user?.headers ?? {},
  });
const adminList = (user: TestUser | null, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/getAllSupport',
    headers: user?.headers ?? {},
    payload: payload as object,
  });
const answer = (user: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/support/answer',
    headers: user?.headers ?? {},
    payload: payload as object,
  });

describe('who may call the support routes', () => {
  it('anonymous callers get 401 everywhere', async () => {
    for (const res of [
      await create(null, { subject: 's', description: 'd' }),
      await mine(null),
      await adminList(null),
      await answer(null, { ticket_id: alice.id, answer: 'x' }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('a user without KYC raises and reads tickets; only admins list all or answer', async () => {
    expect((await create(noKyc, { subject: 'Hello', description: 'No KYC yet' })).statusCode).toBe(200);
    expect((await mine(noKyc)).json().data).toHaveLength(1);
    expect((await adminList(noKyc)).statusCode).toBe(403);
    expect((await adminList(alice)).statusCode).toBe(403);
    expect((await answer(alice, { ticket_id: alice.id, answer: 'x' })).statusCode).toBe(403);
    expect((await adminList(admin)).statusCode).toBe(200);
  });
});

describe('raising a ticket', () => {
  it('stores it as PENDING and lists it for its author only, newest first', async () => {
    const first = await create(alice, { subject: 'Deposit missing', description: 'My deposit of 50 USD' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: true,
      message: m.supportCreated,
      data: { subject: 'Deposit missing', status: 'PENDING', answer: null, user: { name: 'Alice Support' } },
    });
    await create(alice, { subject: 'Second question', description: 'About limits' });

    const list = await mine(alice);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ status: true, total: 2, page: 1, limit: 10 });
    expect(list.json().data.map((x: { subject: string }) => x.subject)).toEqual([
      'Second question',
      'Deposit missing',
    ]);

    // Bob sees none of Alice's tickets, whatever he searches for.
    const bobs = await mine(bob, '?search=Deposit');
    expect(bobs.json()).toMatchObject({ data: [], total: 0 });
  });

  it('pages and searches on the server', async () => {
    for (let i = 0; i < 3; i += 1) await create(bob, { subject: `Paged ${i}`, description: 'x' });
    const page2 = await mine(bob, '?page=2&limit=2');
    expect(page2.json()).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.json().data).toHaveLength(1);
    const found = await mine(bob, '?search=paged%201');
    expect(found.json().data.map((x: { subject: string }) => x.subject)).toEqual(['Paged 1']);
    // A wildcard in the term is matched literally.
    expect((await mine(bob, '?search=%25')).json().total).toBe(0);
  });

  it.each([
    [{ subject: '', description: 'x' }, m.supportSubjectRequired],
    [{ subject: '   ', description: 'x' }, m.supportSubjectRequired],
    [{ description: 'x' }, m.supportSubjectRequired],
    [{ subject: 'a'.repeat(151), description: 'x' }, m.supportSubjectMax],
    [{ subject: 'ok', description: '' }, m.supportDescriptionRequired],
    [{ subject: 'ok', description: 'b'.repeat(501) }, m.supportDescriptionMax],
  ])('refuses %j with its message and stores nothing', async (payload, message) => {
    const before = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.userId, bob.id));
    const res = await create(bob, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'validation_failed', message });
    const after = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.userId, bob.id));
    expect(after).toHaveLength(before.length);
  });

  it('accepts exactly 150 and 500 characters', async () => {
    const res = await create(bob, { subject: 'a'.repeat(150), description: 'b'.repeat(500) });
    expect(res.statusCode).toBe(200);
  });
});

describe('the back office', () => {
  it('lists every ticket with its author, paged and searchable', async () => {
    const res = await adminList(admin, { page: 1, limit: 2, search: 'alice support' });
    expect(res.statusCode).toBe(200);
    const { content, total, page, limit } = res.json().data.data;
    expect({ total, page, limit }).toEqual({ total: 2, page: 1, limit: 2 });
    expect(content[0]).toMatchObject({
      user_id: alice.id,
      userdata: { name: 'Alice Support', email: alice.email, country_code: '1', mobile_no: '5550100' },
      profile_pic: '',
    });
    // The author's phone as the list writes it: '+1 5550100'.
    const byPhone = await adminList(admin, { page: 1, limit: 10, search: '+1 5550100' });
    expect(byPhone.json().data.data.total).toBeGreaterThanOrEqual(2);
    const oldest = await adminList(admin, { orderBy: 'createdAt', limit: 1 });
    expect(oldest.json().data.data.content[0].subject).toBe('Hello');
  });

  it("reads the spec client's payload, every field but search sent empty, as the defaults", async () => {
    const res = await adminList(admin, { page: '', limit: '', search: 'alice support', orderBy: '' });
    expect(res.statusCode, res.body).toBe(200);
    const { content, total, page, limit } = res.json().data.data;
    expect({ total, page, limit }).toEqual({ total: 2, page: 1, limit: 10 });
    // Newest first by default.
    expect(content.map((row: { createdAt: string }) => row.createdAt)).toEqual(
      content
        .map((row: { createdAt: string }) => row.createdAt)
        .sort()
        .reverse(),
    );
    const blank = await adminList(admin, { page: '', limit: '', search: '', orderBy: '' });
    expect(blank.statusCode, blank.body).toBe(200);
    expect((await adminList(admin, { orderBy: 'sideways' })).statusCode).toBe(400);
  });

  it('answers a ticket: the author sees the answer and status, and is e-mailed', async () => {
    const [ticket] = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.userId, alice.id));
    const res = await answer(admin, { ticket_id: ticket!.id, answer: 'We found it, credited now.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CLOSED', answer: 'We found it, credited now.' });

    const list = await mine(alice);
    const seen = list.json().data.find((x: { _id: string }) => x._id === ticket!.id);
    expect(seen).toMatchObject({ status: 'CLOSED', answer: 'We found it, credited now.' });
    expect(seen.answered_at).toEqual(expect.any(String));

    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, alice.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(m.supportAnswerMailSubject);
    expect(mails[0]!.text).toContain('We found it, credited now.');
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, alice.id));
    expect(audit).toMatchObject([
      { adminId: admin.id, action: 'SUPPORT_ANSWERED', details: { ticket_id: ticket!.id, status: 'CLOSED' } },
    ]);
  });

  it('refuses an unknown ticket or an empty answer, changing nothing', async () => {
    const unknown = await answer(admin, { ticket_id: '00000000-0000-4000-8000-000000000000', answer: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: m.supportTicketNotFound });
    const [ticket] = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.userId, bob.id));
    const empty = await answer(admin, { ticket_id: ticket!.id, answer: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: m.supportAnswerRequired });
    const bad = await answer(admin, { ticket_id: 'not-a-uuid', answer: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('closing and reopening a ticket', () => {
  const setStatus = (user: TestUser | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/support/status',
      headers: user?.headers ?? {},
      payload: payload as object,
    });

  it('is for admins only', async () => {
    const [ticket] = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.userId, bob.id));
    const body = { ticket_id: ticket!.id, status: 'CLOSED' };
    expect((await setStatus(null, body)).statusCode).toBe(401);
    expect((await setStatus(noKyc, body)).statusCode).toBe(403);
    expect((await setStatus(bob, body)).statusCode).toBe(403);
    const [after] = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.id, ticket!.id));
    expect(after!.status).toBe('PENDING');
  });

  it('closes a ticket without an answer, then reopens it; each change is audited', async () => {
    const [ticket] = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.userId, bob.id));
    const closed = await setStatus(admin, { ticket_id: ticket!.id, status: 'CLOSED' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      message: m.supportStatusChanged,
      data: { status: 'CLOSED', answer: null },
    });
    expect((await setStatus(admin, { ticket_id: ticket!.id, status: 'ACTIVE' })).json().data.status).toBe(
      'ACTIVE',
    );
    const seen = (await mine(bob)).json().data.find((x: { _id: string }) => x._id === ticket!.id);
    expect(seen.status).toBe('ACTIVE');
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, bob.id));
    expect(audit.map((line) => line.details)).toEqual([
      { ticket_id: ticket!.id, from: 'PENDING', status: 'CLOSED' },
      { ticket_id: ticket!.id, from: 'CLOSED', status: 'ACTIVE' },
    ]);
  });

  it('refuses an unknown ticket (404) or status (400)', async () => {
    const unknown = await setStatus(admin, {
      ticket_id: '00000000-0000-4000-8000-000000000000',
      status: 'CLOSED',
    });
    expect(unknown.statusCode).toBe(404);
    const [ticket] = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.userId, bob.id));
    expect((await setStatus(admin, { ticket_id: ticket!.id, status: 'DONE' })).statusCode).toBe(400);
  });
});
