import type { Row } from '../../../db/sqlExecutor';
import { addDecimals, formatDecimal, parseDecimal, ZERO } from '../../../util/decimal';

export interface SupplierGroup {
  supplierId: number;
  supplierName: unknown;
  /** Σ count of the supplier's lines. */
  count: number;
  /** Σ amount of the supplier's lines, exact to the cent. */
  amount: string;
  lines: Row[];
}

/** Cart lines grouped by supplier, in the order of each supplier's first line. */
export function groupBySupplier(lines: Row[]): SupplierGroup[] {
  const groups = new Map<number, SupplierGroup & { total: ReturnType<typeof parseDecimal> }>();
  for (const line of lines) {
    const supplierId = Number(line.supplierId);
    const group = groups.get(supplierId) ?? {
      supplierId,
      supplierName: line.supplierName,
      count: 0,
      amount: '0.00',
      lines: [],
      total: ZERO,
    };
    group.count += Number(line.count ?? 0);
    group.total = addDecimals(group.total ?? ZERO, parseDecimal(line.amount as string) ?? ZERO);
    group.lines.push(line);
    groups.set(supplierId, group);
  }
  return [...groups.values()].map(({ total, ...group }) => ({ ...group, amount: formatDecimal(total ?? ZERO, 2) }));
}
