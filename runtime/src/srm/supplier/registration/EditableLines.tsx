/**
 * One line table of /registerInfoEdit (antd Form.List, one table row per line): its columns, a
 * remove link per row and an add button while editable. The line sections (credentials, tax
 * records, addresses, supply abilities) differ only in their columns.
 */
import { Button, Form, Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLookup } from '../../../core/LookupContext';
import { selectableValues } from '../../../core/lookupCache';

/** A row of the Form.List: `name` is its index, the path of its fields. */
export interface LineRow {
  key: number;
  name: number;
}

export interface LineColumn {
  title: string;
  width?: number;
  cell: (row: LineRow) => ReactNode;
}

export interface EditableLinesProps {
  /** The child's name on the registration (credentials, taxes, locations, supplyAbilities). */
  name: string;
  label: string;
  addLabel: string;
  readOnly: boolean;
  columns: LineColumn[];
  /** The values of a new line. */
  defaults?: Record<string, unknown>;
  /** Shown under each row, full width (a credential's files). */
  below?: (row: LineRow) => ReactNode;
}

/** A value set's enabled values as Select options. */
export function useLookupOptions(lookupType: string) {
  return selectableValues(useLookup(lookupType) ?? []).map((v) => ({ value: v.lookupCode, label: v.meaning }));
}

export function EditableLines({ name, label, addLabel, readOnly, columns, defaults, below }: EditableLinesProps) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(rows, { add, remove }) => (
        <>
          <Table<LineRow>
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={rows}
            aria-label={label}
            scroll={{ x: 'max-content' }}
            expandable={
              below && rows.length
                ? { expandedRowRender: below, expandedRowKeys: rows.map((r) => r.key), showExpandColumn: false }
                : undefined
            }
            columns={[
              ...columns.map((column) => ({
                title: column.title,
                width: column.width,
                render: (_v: unknown, row: LineRow) => column.cell(row),
              })),
              ...(readOnly
                ? []
                : [
                    {
                      title: '',
                      width: 70,
                      render: (_v: unknown, row: LineRow) => (
                        <Button type="link" danger onClick={() => remove(row.name)}>
                          {t('registerInfo.removeLine')}
                        </Button>
                      ),
                    },
                  ]),
            ]}
          />
          {!readOnly && (
            <Button style={{ marginTop: 8 }} onClick={() => add({ ...defaults })}>
              {addLabel}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
