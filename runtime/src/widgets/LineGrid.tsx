/**
 * Editable line grid of a header record (FormLines): add row (lineNum auto), delete row,
 * red asterisk on required column headers, only the clicked row editable
 * (docs/architecture.md "Spec: states", "Spec: validators"). Rows are the ArrayField's value; each cell is a
 * Formily field rendered from the
 * items schema, so header and lines validate and save together.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ArrayField } from '@formily/core';
import { observer, RecursionField, useField, useFieldSchema } from '@formily/react';
import { Button, Space, Typography, type TableColumnType } from 'antd';
import { memo, useCallback, useMemo, useRef, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { operateColumn } from '../grid/columnBuilder';
import { ColumnTitle } from '../grid/ColumnTitle';
import { storedValueMark } from '../grid/columnBuilder';
import { DataGrid } from '../grid/DataGrid';
import { useCellLabelsReady } from '../grid/useCellLabels';
import { activeAfterDelete, defaultRowEditable, isCellEditable } from '../grid/gridRules';
import type { ResizableHeaderProps } from '../grid/ResizableHeaderCell';
import type { DataRecord } from '../meta';
import { isNumericType, type ColumnDescriptor } from '../schema/columnDescriptor';
import type { LineGridProps } from '../schema/lineSchema';
import { LineCellContext } from './LineCell';
import { LinePickButton } from './linePick/LinePickButton';

/** Next line number: one more than the largest so far, so deleted numbers are not reused. */
export function nextLineNum(rows: DataRecord[], lineNumField: string): number {
  const numbers = rows.map((row) => Number(row[lineNumField])).filter((value) => Number.isFinite(value));
  return (numbers.length ? Math.max(...numbers) : 0) + 1;
}

/** Formily's Schema class, named through @formily/react (a direct dependency). */
type Schema = ReturnType<typeof useFieldSchema>;

interface LineColumnsInput {
  columns: ColumnDescriptor[];
  items: Schema | undefined;
  editable: boolean;
  /** Rows may be deleted (editable, and the lines are not fixed). */
  deletable: boolean;
  activeIndex: number | null;
  deleteRow: (index: number) => void;
  deleteLabel: string;
  operateTitle: string;
  widths: Record<string, number>;
  onResize: (key: string, width: number) => void;
}

/**
 * Row-level and column-level rules together (docs/architecture.md "Spec: states"); the cell's own pattern
 * (read-only columns) is checked by LineCell.
 */
function cellActive(input: LineColumnsInput, row: DataRecord, index: number, column: ColumnDescriptor): boolean {
  return isCellEditable({
    gridEditable: input.editable,
    activeIndex: input.activeIndex,
    rowIndex: index,
    rowEditable: defaultRowEditable(row),
    column,
    columnEditable: true,
  });
}

/** One Table column per metadata column; each cell renders that column's Formily field of the row. */
function lineColumns(input: LineColumnsInput): TableColumnType<DataRecord>[] {
  const { columns, items, editable } = input;
  const cells: TableColumnType<DataRecord>[] = columns.map((column) => ({
    key: column.key,
    title: <ColumnTitle column={column} showRequired={editable} />,
    width: input.widths[column.key] ?? column.width,
    fixed: column.fixed,
    ellipsis: column.ellipsis,
    // Numbers line up on their digits, as in the list grid.
    align: isNumericType(column.type) ? 'right' : undefined,
    onHeaderCell: () =>
      ({
        onResizeEnd: column.resizable ? (width: number) => input.onResize(column.key, width) : undefined,
        resizeLabel: column.title,
        baseWidth: input.widths[column.key] ?? column.width,
      }) as ResizableHeaderProps,
    onCell: (row: DataRecord) => storedValueMark(column, row[column.key]) ?? {},
    render: (_value: unknown, row: DataRecord, index: number) => (
      <LineCellContext.Provider value={{ active: cellActive(input, row, index, column), column, row }}>
        {items && (
          <RecursionField
            schema={items}
            name={index}
            onlyRenderProperties
            filterProperties={(property) => property.name === column.key}
          />
        )}
      </LineCellContext.Provider>
    ),
  }));
  if (!input.deletable) return cells;
  const deleteColumn = operateColumn(input.operateTitle, (_row: DataRecord, index: number) => (
    <Button
      type="link"
      danger
      icon={<DeleteOutlined aria-hidden />}
      aria-label={`${input.deleteLabel} ${index + 1}`}
      onClick={(event) => {
        event.stopPropagation();
        input.deleteRow(index);
      }}
    />
  ));
  return [...cells, deleteColumn];
}

/** Selected row keys (row indexes as text) → indexes from last to first, so removing one never shifts the next. */
export function removalOrder(selectedKeys: Key[]): number[] {
  return [...new Set(selectedKeys.map(Number))].filter((i) => Number.isInteger(i) && i >= 0).sort((a, b) => b - a);
}

/**
 * The grid only when something it shows changed: Formily hands the component fresh props on every render
 * of its field (componentProps are copied), and a save re-renders the field several times; each pass over
 * 2,000 rows cost tens of milliseconds (docs/decisions.md, issue 15). Cells update themselves: each is an
 * observer of its own Formily field.
 */
const LineTable = memo(DataGrid);

/** Shown while the lines' value sets are on their way (grid/useCellLabels). */
const NO_ROWS: DataRecord[] = [];

/** Equal items in the same order (row objects by identity). */
function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * The field's rows as an array that keeps its identity until a row is added, removed or replaced.
 * Copying reads every row through the field's observable array, so the grid still re-renders on those
 * changes; a new array is what makes the table re-read its rows (otherwise deleting the last row left a
 * row of blanks on screen, as Formily changes the array in place).
 */
function useStableRows(value: unknown): DataRecord[] {
  const next: DataRecord[] = Array.isArray(value) ? [...(value as DataRecord[])] : [];
  const kept = useRef(next);
  if (kept.current !== next && !sameItems(kept.current, next)) kept.current = next;
  return kept.current;
}

/** The same value while its JSON is the same (column descriptors arrive as a new copy on every render). */
function useStableJson<T>(value: T): T {
  const kept = useRef<{ json: string; value: T }>({ json: JSON.stringify(value), value });
  const json = JSON.stringify(value);
  if (json !== kept.current.json) kept.current = { json, value };
  return kept.current.value;
}

export const LineGrid = observer(function LineGrid({
  title,
  columns,
  lineNumField,
  selection,
  height,
  pick,
  fixed,
}: LineGridProps) {
  const field = useField<ArrayField>();
  const schema = useFieldSchema();
  const { t } = useTranslation();
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const rows = useStableRows(field.value);
  const stableColumns = useStableJson(columns);
  const labelsReady = useCellLabelsReady(stableColumns);
  // The table asks each row's key several times per render: a lookup, not rows.indexOf (quadratic in the rows).
  const rowIndex = useMemo(() => new Map(rows.map((row, index) => [row, index])), [rows]);
  const editable = field.pattern === 'editable';
  // Fixed lines (children[].fixedLines) are edited in place: no row is added or deleted.
  const growable = editable && !fixed;
  const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
  // Read here so that a change of the active row's own edit flag re-renders its cells (gridRules.defaultRowEditable).
  const activeEditFlag = activeIndex === null ? undefined : rows[activeIndex]?.editFlag;

  const addRow = async () => {
    const row: DataRecord = lineNumField ? { [lineNumField]: nextLineNum(rows, lineNumField) } : {};
    // Formily appends to the field's live array: the new row's index is the length before push().
    const newIndex = rows.length;
    await field.push(row);
    setActiveIndex(newIndex);
  };
  const deleteRow = useCallback(
    (index: number) => {
      // Deleting the last row leaves an empty grid (docs/architecture.md "Spec: validators"), not a row of blanks.
      void field.remove(index);
      setActiveIndex((current) => activeAfterDelete(current, index));
      setSelectedKeys([]);
    },
    [field],
  );
  const deleteSelected = async () => {
    for (const index of removalOrder(selectedKeys)) await field.remove(index);
    setSelectedKeys([]);
    setActiveIndex(null);
  };
  const onResize = useCallback(
    (key: string, width: number) => setWidths((current) => ({ ...current, [key]: width })),
    [],
  );
  const tableColumns = useMemo(
    () =>
      lineColumns({
        columns: stableColumns,
        items,
        editable,
        deletable: growable,
        activeIndex,
        deleteRow,
        deleteLabel: t('lines.deleteRow'),
        operateTitle: t('common.operate'),
        widths,
        onResize,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- activeEditFlag: cellActive reads the active row's flag
    [stableColumns, items, editable, growable, activeIndex, activeEditFlag, deleteRow, t, widths, onResize],
  );
  const rowKey = useCallback((row: DataRecord) => String(rowIndex.get(row) ?? -1), [rowIndex]);
  const rowSelection = useMemo(() => {
    if (!selection || !growable) return undefined;
    // One translation per render, not one per row: antd asks every row's checkbox props on each render.
    const selectRow = t('lines.selectRow');
    return {
      selectedRowKeys: selectedKeys,
      onChange: (keys: Key[]) => setSelectedKeys(keys),
      // antd passes the props to the row's checkbox; its type leaves out aria attributes.
      getCheckboxProps: (row: DataRecord) =>
        ({ 'aria-label': `${selectRow} ${(rowIndex.get(row) ?? -1) + 1}` }) as object,
    };
  }, [selection, growable, selectedKeys, rowIndex, t]);
  const locale = useMemo(() => ({ emptyText: t('lines.empty') }), [t]);
  const onRow = useCallback(
    (_row: DataRecord, index?: number) => ({ onClick: () => editable && index !== undefined && setActiveIndex(index) }),
    [editable],
  );

  return (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        {title ? (
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        ) : (
          <span />
        )}
        {growable && (
          <Space>
            {selection && (
              <Button
                danger
                icon={<DeleteOutlined aria-hidden />}
                disabled={!selectedKeys.length}
                onClick={() => void deleteSelected()}
              >
                {t('lines.deleteSelected')}
              </Button>
            )}
            {pick && <LinePickButton props={pick} lineNumField={lineNumField} />}
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => void addRow()}>
              {t('lines.addRow')}
            </Button>
          </Space>
        )}
      </Space>
      <LineTable
        size="small"
        bordered
        pagination={false}
        rowKey={rowKey}
        height={height}
        rowSelection={rowSelection}
        dataSource={labelsReady ? rows : NO_ROWS}
        loading={!labelsReady}
        columns={tableColumns}
        locale={locale}
        onRow={onRow}
      />
    </section>
  );
});
