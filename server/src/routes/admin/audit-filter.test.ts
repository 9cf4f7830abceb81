import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION_GROUPS, TRAIL_ACTIONS } from '../../../../common/action-labels.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * The Audit Trail's Action filter (GET /api/admin/audit `action`) takes every code of the groups the
 * screen offers (common/action-labels.ts), one list for both, on the project's database (SQLite in `api`,
 * PostgreSQL in `api-pg`); any other code is a 400 problem naming the field and the codes.
 */
let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer({ sub: 'audit-filter', name: 'Audit Filter' }) };
});
afterAll(async () => {
  await t?.close();
});

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: auth });

describe("the audit trail's action filter", () => {
  it('accepts every code of every group of the Action filter', async () => {
    const codes = AUDIT_ACTION_GROUPS.flatMap((g) => [...g.actions]);
    expect(codes.length).toBeGreaterThan(30);
    expect(TRAIL_ACTIONS).toEqual(codes);
    for (const code of codes) {
      const res = await get(`?action=${encodeURIComponent(code)}`);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ entries: [], currentPage: 1 });
    }
    expect((await get('?action=')).statusCode).toBe(200);
  });

  it('answers an unknown code (or a code of another case) with a 400 problem naming the field and the codes', async () => {
    for (const code of ['explode', 'PUBLISH', 'share', 'x'.repeat(40)]) {
      const problem = expectProblem(await get(`?action=${code}`), 400, "'action' must be one of create, edit");
      expect(problem.errors).toEqual([
        { in: 'querystring', name: 'action', message: `must be one of ${TRAIL_ACTIONS.join(', ')}` },
      ]);
    }
  });
});
