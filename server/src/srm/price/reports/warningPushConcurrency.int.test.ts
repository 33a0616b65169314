import { describe, expect, it } from 'vitest';
import { expectOk } from '../../../testing/apiAssertions';
import { menuId, runSql, sessionHeaders } from '../../../testing/authFixtures';
import { notificationsOf, RESP } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';
import { onMysql } from '../../../testing/secondProcess';

/**
 * The price warning push across two server processes on one MariaDB (docs/developer-guide.md,
 * "Invariants under concurrency"): once per row per day, so two pushes of the same rows at the
 * same moment send one notification per row and recipient, and the other push answers the rows
 * as skipped (warningPush.ts locks the preset row, then counts today's notifications). The
 * in-process case (a second push later the same day) is in priceReports.int.test.ts.
 */
const PORT = 21000 + (process.pid % 1000);
const ROUNDS = 3;
const p = proofServer('srm_sml_warning_push_race', { timeout: 180_000, secondProcessPort: PORT, mysqlOnly: true });

const RES = 'srmSmlIndexPriceRestful';
/** The demo's warning rows (seeds 55c: above the 5 % threshold, no open adjustment); buyer01 is their recipient. */
const ROWS = [5501, 5503];
const BUYER01 = 2;

describe('price warning push on two server processes', () => {
  it.skipIf(!onMysql)(`two pushes at once send one notification per row, ${ROUNDS} rounds`, async () => {
    const headers = sessionHeaders(p.sessions.buyer01, RESP.buyer01, await menuId(p.server, 'SML_WARNING_REPORT'));
    const body = { presetProportionIds: ROWS };
    for (let round = 0; round < ROUNDS; round++) {
      // a new day for the rows: the pushes of the round before are forgotten
      await runSql(
        p.server,
        'DELETE FROM base_notification WHERE source_entity_name = ? AND source_bill_id IN (?, ?)',
        ['srmSmlPresetProportion', ...ROWS],
      );
      const answers = await Promise.all([
        p.server.call('srmServer', RES, 'warningPush', body, headers),
        p.other!.call('srmServer', RES, 'warningPush', body, headers),
      ]);
      const results = answers.map((a) => expectOk(a) as { pushed: number[]; skipped: number[] });
      expect(results.map((r) => r.pushed.length).sort()).toEqual([0, ROWS.length]);
      const skipping = answers[results.findIndex((r) => r.pushed.length === 0)];
      expect(skipping.body.data).toEqual({ pushed: [], skipped: ROWS });
      expect(skipping.body.msg).toMatch(
        /0 row\(s\) pushed; 2 already pushed today, skipped|已推送 0 行，2 行今日已推送，已跳过/,
      );
      for (const id of ROWS)
        expect(
          (await notificationsOf(p, 'srmSmlPresetProportion', id)).map((n) => Number(n.recipient_user_id)),
        ).toEqual([BUYER01]);
    }
  });
});
