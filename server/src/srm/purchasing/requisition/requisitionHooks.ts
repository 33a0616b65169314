import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { PlatformRows } from '../../../lifecycle/platformRows';
import type { RecordHookRegistry, RecordValues } from '../../../hooks/recordHooks';
import { addDecimals, formatDecimal, multiplyDecimals, parseDecimal, ZERO } from '../../../util/decimal';
import { copyItemMaster } from '../order/orderAmounts';

const HEADER = 'srmPurRequisitionHeader';
const LINE = 'srmPurRequisitionLine';

/** Line amount = quantity × estimated price (rounded to 2 decimals); header total = sum of the line amounts. Exact decimals. */
function computeAmounts(values: RecordValues, lines: RecordValues[]): void {
  let total = ZERO;
  lines.forEach((line, i) => {
    line.lineNum ??= i + 1;
    const quantity = parseDecimal(line.quantity as string);
    const price = parseDecimal(line.estimatedPrice as string);
    const amount = quantity && price ? formatDecimal(multiplyDecimals(quantity, price), 2) : null;
    line.amount = amount;
    // The total is the sum of the amounts as shown (each rounded to the cent), never a cent off.
    if (amount) total = addDecimals(total, parseDecimal(amount)!);
  });
  values.totalAmount = formatDecimal(total, 2);
}

/**
 * The header's number on its lines (requisitionNumber), for line lists such as the demand pool:
 * copied whenever the requisition moves (the number is generated when the header is first
 * inserted, after its lines' hooks have run, so a save cannot copy it).
 */
async function copyNumberToLines(rows: PlatformRows, tx: SqlExecutor, requisitionHeaderId: number): Promise<void> {
  const header = await rows.one(tx, HEADER, ['requisitionNumber'], { requisitionHeaderId });
  const { t, c } = rows.sql;
  await tx.execute(
    `UPDATE ${t(LINE)} SET ${c(LINE, 'requisitionNumber')} = ? WHERE ${c(LINE, 'requisitionHeaderId')} = ?`,
    [(header?.requisitionNumber as string | undefined) ?? null, requisitionHeaderId],
  );
}

export function registerRequisitionHooks(hooks: RecordHookRegistry, rows: PlatformRows): void {
  hooks.registerBeforeSave(HEADER, async ({ values, children, tx }) => {
    const lines = children.lines;
    if (!lines) return;
    await copyItemMaster(rows, tx, lines, false);
    computeAmounts(values, lines);
  });
  hooks.registerAfterTransition(HEADER, ({ id, tx }) => copyNumberToLines(rows, tx, id));
}
