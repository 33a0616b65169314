/**
 * What an expanded row (GridConfig.expand) shows: the values of the columns not shown in the
 * grid (columnsDisplay N, or hidden by the user), so hiding a column never hides its data.
 */
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataRecord } from '../meta';
import { renderCellValue } from '../schema/cellValue';
import type { ColumnDescriptor } from '../schema/columnDescriptor';

export function HiddenColumnsRow({ columns, row }: { columns: ColumnDescriptor[]; row: DataRecord }) {
  const { t } = useTranslation();
  const hidden = columns.filter((column) => column.hidden);
  if (hidden.length === 0) return <span>{t('grid.noHiddenColumns')}</span>;
  return (
    <Descriptions size="small" column={3}>
      {hidden.map((column) => (
        <Descriptions.Item key={column.key} label={column.title}>
          {renderCellValue(column, row[column.key], row)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
