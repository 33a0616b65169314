/** A column header: a red asterisk before the title of a required column (docs/architecture.md "Spec: validators"). */
import type { ColumnDescriptor } from '../schema/columnDescriptor';

export function ColumnTitle({
  column,
  showRequired = true,
}: {
  column: Pick<ColumnDescriptor, 'title' | 'required'>;
  showRequired?: boolean;
}) {
  return (
    <span>
      {showRequired && column.required && (
        <span aria-hidden="true" className="meridian-required-mark" style={{ color: '#ff4d4f', marginRight: 4 }}>
          *
        </span>
      )}
      {column.title}
    </span>
  );
}
