/**
 * Decorator of one line-grid cell. Only the active (last clicked) row shows its editors
 * (docs/architecture.md "Spec: states"); other rows show the formatted value. Every row keeps its Formily field,
 * so validation still covers all rows and errors show on inactive rows too.
 */
import { observer, useField } from '@formily/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { DataRecord } from '../meta';
import { renderCellValue } from '../schema/cellValue';
import type { ColumnDescriptor } from '../schema/columnDescriptor';
import { AttachmentCell } from '../grid/AttachmentCell';

export interface LineCellContextValue {
  active: boolean;
  column: ColumnDescriptor;
  row: DataRecord;
}

export const LineCellContext = createContext<LineCellContextValue | null>(null);

interface CellField {
  value: unknown;
  pattern: string;
  selfErrors: string[];
  setValue: (value: unknown) => void;
}

/** An attachment column: the count link on every row; its files can be changed only on the active row. */
function attachmentCell(cell: LineCellContextValue, field: CellField, editable: boolean): ReactNode {
  return (
    <AttachmentCell
      value={field.value}
      config={cell.column.attachmentConfig}
      title={cell.column.title}
      readOnly={!editable}
      onChange={editable ? (value) => field.setValue(value) : undefined}
    />
  );
}

export const LineCell = observer(function LineCell({ children }: { children?: ReactNode }) {
  const field = useField() as unknown as CellField;
  const cell = useContext(LineCellContext);
  const showEditor = !cell || (cell.active && field.pattern === 'editable');
  const errors = field.selfErrors ?? [];
  return (
    <div>
      {cell?.column.attachmentConfig ? (
        attachmentCell(cell, field, showEditor)
      ) : showEditor ? (
        children
      ) : (
        <span>{renderCellValue(cell.column, field.value, cell.row)}</span>
      )}
      {errors.length > 0 && (
        <div role="alert" style={{ color: '#ff4d4f', fontSize: 12 }}>
          {errors.join('; ')}
        </div>
      )}
    </div>
  );
});
