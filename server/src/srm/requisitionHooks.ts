import type { RecordHookRegistry, RecordValues } from '../hooks/recordHooks';
import { addDecimals, formatDecimal, multiplyDecimals, parseDecimal, ZERO } from '../util/decimal';

/** Line amount = quantity × estimated price (2 decimals); header total = sum of line amounts. Exact decimals. */
export function registerRequisitionHooks(hooks: RecordHookRegistry): void {
  hooks.registerBeforeSave('srmPurRequisitionHeader', ({ values, children }) => {
    const lines = children.lines;
    if (!lines) return;
    let total = ZERO;
    lines.forEach((line: RecordValues, i) => {
      line.lineNum ??= i + 1;
      const quantity = parseDecimal(line.quantity as string);
      const price = parseDecimal(line.estimatedPrice as string);
      const amount = quantity && price ? multiplyDecimals(quantity, price) : undefined;
      line.amount = amount ? formatDecimal(amount, 2) : null;
      if (amount) total = addDecimals(total, amount);
    });
    values.totalAmount = formatDecimal(total, 2);
  });
}
