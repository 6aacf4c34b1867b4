import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ne } from 'drizzle-orm';
import { adminMessages } from '#domain/users/admin-users.messages.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import type { AdminUsersPage } from '#domain/users/admin-users.ts';
import { users } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
let admin: UserRow;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t.app.db, { email: 'warden@campus.edu', isAdmin: true });
  adminCookie = await sessionCookieFor(t, admin.id);
});
afterAll(() => t.close());

async function fetchUsers(query = '', cookie = adminCookie) {
  return t.app.inject({ method: 'GET', url: `/api/v1/users/fetch-users${query}`, headers: { cookie } });
}

/** Every test of the paging maths starts from the admin alone. */
async function onlyTheAdmin() {
  await t.app.db.delete(users).where(ne(users.id, admin.id));
}

async function insertStudents(count: number) {
  for (let index = 0; index < count; index++) await insertUser(t.app.db);
}

describe('GET /users/fetch-users', () => {
  beforeEach(onlyTheAdmin);

  it('answers no users and zero pages when nobody but the admin has signed up', async () => {
    const response = await fetchUsers();
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, users: [], totalPages: 0 });
  });

  it('fits exactly 15 users on one page', async () => {
    await insertStudents(15);
    const page = body<AdminUsersPage>(await fetchUsers());
    expect(page.totalPages).toBe(1);
    expect(page.users).toHaveLength(15);
  });

  it('puts the 16th user on a second page of one', async () => {
    await insertStudents(16);
    const first = body<AdminUsersPage>(await fetchUsers('?page=1'));
    const second = body<AdminUsersPage>(await fetchUsers('?page=2'));
    expect(first.totalPages).toBe(2);
    expect(first.users).toHaveLength(15);
    expect(second.totalPages).toBe(2);
    expect(second.users).toHaveLength(1);
    const ids = new Set([...first.users, ...second.users].map((user) => user._id));
    expect(ids.size).toBe(16);
    expect(ids.has(admin.id)).toBe(false);
  });

  it('honours the limit asked for and answers an empty page past the end', async () => {
    await insertStudents(5);
    const page = body<AdminUsersPage>(await fetchUsers('?page=2&limit=2'));
    expect(page.totalPages).toBe(3);
    expect(page.users).toHaveLength(2);
    expect(body<AdminUsersPage>(await fetchUsers('?page=4&limit=2')).users).toEqual([]);
  });

  it('refuses a limit above 100 and a page below 1', async () => {
    const tooMany = await fetchUsers('?limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).msg).toBe(adminMessages.limitInvalid);
    const noPage = await fetchUsers('?page=0');
    expect(noPage.statusCode).toBe(400);
    expect(body(noPage).msg).toBe(adminMessages.pageInvalid);
  });

  it('lists newest sign-ups first', async () => {
    const older = await insertUser(t.app.db, { userName: 'older' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await insertUser(t.app.db, { userName: 'newer' });
    const page = body<AdminUsersPage>(await fetchUsers());
    expect(page.users.map((user) => user._id)).toEqual([newer.id, older.id]);
  });

  it('masks e-mails and phones on the server, so raw values never reach the browser', async () => {
    const cases = [
      { email: 'rahul.sharma@campus.edu', phoneNumber: '9876543210', mail: 'ra********ma@campus.edu', phone: '98******10' },
      { email: 'abcde@campus.edu', phoneNumber: '7012345698', mail: 'ab*de@campus.edu', phone: '70******98' },
      { email: 'abcd@campus.edu', phoneNumber: '6000000001', mail: 'a***@campus.edu', phone: '60******01' },
      { email: 'ab@campus.edu', phoneNumber: null, mail: 'a*@campus.edu', phone: profileMessages.notProvided },
      { email: 'z@campus.edu', phoneNumber: null, mail: '*@campus.edu', phone: profileMessages.notProvided },
    ];
    for (const { email, phoneNumber } of cases) await insertUser(t.app.db, { email, phoneNumber });
    const response = await fetchUsers();
    const rows = body<AdminUsersPage>(response).users;
    for (const { email, phoneNumber, mail, phone } of cases) {
      const row = rows.find((candidate) => candidate.email === mail);
      expect(row, email).toBeDefined();
      expect(row!.phoneNumber).toBe(phone);
      expect(response.body).not.toContain(email);
      if (phoneNumber) expect(response.body).not.toContain(phoneNumber);
    }
  });

  it('gives each row the fields User Management shows', async () => {
    const student = await insertUser(t.app.db, { userName: 'kabir', gender: 'Male' });
    const [row] = body<AdminUsersPage>(await fetchUsers()).users;
    expect(row).toEqual({
      _id: student.id,
      userName: 'kabir',
      email: expect.stringMatching(/\*+/),
      phoneNumber: '98******10',
      gender: 'Male',
      isAdmin: false,
      profilePicture: { url: 'http://localhost:3000/images/user-avatar.png' },
      createdAt: student.createdAt.toISOString(),
    });
    expect(Object.keys(row!)).not.toContain('passwordHash');
  });
});

describe('admin-only calls', () => {
  it('refuses every admin call to a signed-in student with 403', async () => {
    const student = await insertUser(t.app.db);
    const target = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, student.id);
    const calls = [
      { method: 'GET' as const, url: '/api/v1/users/fetch-users' },
      { method: 'GET' as const, url: '/api/v1/users/fetch-users?page=2&limit=5' },
      { method: 'POST' as const, url: `/api/v1/users/delete-account/${target.id}` },
      { method: 'POST' as const, url: `/api/v1/users/delete-account/${student.id}` },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: { cookie } });
      expect(response.statusCode, call.url).toBe(403);
      expect(body(response)).toEqual({ success: false, msg: authMessages.notAdmin, code: 'FORBIDDEN' });
    }
    const stillThere = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/userProfile/${target.id}`,
      headers: { cookie },
    });
    expect(stillThere.statusCode).toBe(200);
  });

  it('refuses every admin call without a session with 401', async () => {
    const target = await insertUser(t.app.db);
    for (const call of [
      { method: 'GET' as const, url: '/api/v1/users/fetch-users' },
      { method: 'POST' as const, url: `/api/v1/users/delete-account/${target.id}` },
    ]) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
    }
  });
});
