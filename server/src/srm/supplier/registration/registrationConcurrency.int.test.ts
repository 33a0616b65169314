import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../testing/apiAssertions';
import { startTestServer, type ApiAnswer, type TestServer } from '../../../testing/testServer';
import { register, registerForm, resetRegisterLimit } from './registrationFixtures';

/**
 * DOMAIN 1.2 "a company name and a credit code register once" (among registrations not rejected
 * and the supplier master) under concurrency: two registrations of one company sent at the same
 * moment (docs/developer-guide.md, "Invariants under concurrency"). On MariaDB the requests run
 * in parallel transactions; on SQLite they are queued, and the test guards the rule's wording.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('slc_register_race');
});
afterAll(async () => {
  await server?.close();
});

const ROUNDS = 5;
let seq = 0;
/** A credit code and login name of its own for every registration. */
function form(overrides: Record<string, unknown>) {
  seq += 1;
  const n = String(seq).padStart(4, '0');
  return registerForm({
    userName: `race${seq}`,
    unifiedSocialCreditCode: `91441900MA4W3${n}R`,
    supplierName: `竞速测试公司 ${seq}`,
    ...overrides,
  });
}

async function race(first: Record<string, unknown>, second: Record<string, unknown>): Promise<ApiAnswer[]> {
  await resetRegisterLimit(server);
  // The address's attempt counter exists before the race, so the two attempts only meet on the company.
  expectError(await register(server, { supplierName: '' }), 400);
  return Promise.all([register(server, first), register(server, second)]);
}

function expectOneRegistered(answers: ApiAnswer[], field: string): void {
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  const loser = answers.find((a) => a.status !== 200)!;
  expectError(loser, 409, [field]);
}

describe('one registration per company, under concurrency', () => {
  it(`the same company name registered twice at once: exactly one succeeds, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const supplierName = `同名竞速公司 ${round} ${Date.now()}`;
      const answers = await race(form({ supplierName }), form({ supplierName: ` ${supplierName.toUpperCase()} ` }));
      expectOneRegistered(answers, 'supplierName');
      const stored = await server.kernel.db.select(
        'SELECT COUNT(*) AS n FROM srm_slc_register_info WHERE supplier_name = ?',
        [supplierName],
      );
      expect(Number(stored[0].n)).toBe(1);
    }
  });

  it(`the same credit code registered twice at once: exactly one succeeds, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const code = `91441900MA4X${String(round).padStart(2, '0')}${String(Date.now() % 10000).padStart(4, '0')}`;
      const answers = await race(form({ unifiedSocialCreditCode: code }), form({ unifiedSocialCreditCode: code }));
      expectOneRegistered(answers, 'unifiedSocialCreditCode');
    }
  });
});
