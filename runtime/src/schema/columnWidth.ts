/**
 * Column widths by field type (issue 33, item 11): a page's declared width is the most a column
 * takes, up to what its type needs — a status, a date or a unit needs no 170 px — so that at
 * 1024 px a list keeps six columns and a line grid its quantity and price in view. A column
 * narrowed this way shows its text with an ellipsis (and the whole text on hover); a width the
 * user drags or saves (columnLayout) is theirs and is kept as it is.
 */
import type { FieldType } from '../meta';

/** The widest a column of each type needs, padding included; types not listed keep the declared width. */
export const TYPE_WIDTHS: Partial<Record<FieldType, number>> = {
  string: 130,
  text: 160,
  integer: 80,
  decimal: 110,
  quantity: 110,
  money: 120,
  date: 110,
  datetime: 160,
  flag: 80,
  lookup: 90,
  reference: 120,
};

/** The width a column takes, and whether its type narrowed the declared one. */
export function widthByType(type: FieldType, declared: number | undefined): { width?: number; narrowed: boolean } {
  const most = TYPE_WIDTHS[type];
  if (declared === undefined || most === undefined || declared <= most) return { width: declared, narrowed: false };
  return { width: most, narrowed: true };
}
