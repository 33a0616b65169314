/**
 * The grid's column settings: a popover listing the metadata columns in their current order, each
 * with a visibility checkbox and up/down buttons, and a reset to the page's defaults. Every change
 * goes to onChange (the grid saves it for the user, tableConfigRestful).
 */
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnDescriptor } from '../schema/columnDescriptor';
import { moveColumn, setVisible } from './columnLayout';

export interface ColumnSettingsProps {
  columns: ColumnDescriptor[];
  onChange: (columns: ColumnDescriptor[]) => void;
  onReset: () => void;
}

function ColumnRow({
  columns,
  index,
  onChange,
}: {
  columns: ColumnDescriptor[];
  index: number;
  onChange: ColumnSettingsProps['onChange'];
}) {
  const { t } = useTranslation();
  const column = columns[index];
  const visibleCount = columns.filter((candidate) => !candidate.hidden).length;
  return (
    <li style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, padding: '2px 0' }}>
      <Checkbox
        checked={!column.hidden}
        // The last visible column stays: a grid without columns could not be set back from here.
        disabled={!column.hidden && visibleCount === 1}
        onChange={(event) => onChange(setVisible(columns, column.key, event.target.checked))}
      >
        {column.title}
      </Checkbox>
      <Space size={0}>
        <Button
          type="text"
          size="small"
          icon={<ArrowUpOutlined aria-hidden />}
          disabled={index === 0}
          aria-label={t('grid.moveUp', { title: column.title })}
          onClick={() => onChange(moveColumn(columns, index, -1))}
        />
        <Button
          type="text"
          size="small"
          icon={<ArrowDownOutlined aria-hidden />}
          disabled={index === columns.length - 1}
          aria-label={t('grid.moveDown', { title: column.title })}
          onClick={() => onChange(moveColumn(columns, index, 1))}
        />
      </Space>
    </li>
  );
}

export function ColumnSettings({ columns, onChange, onReset }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const content = (
    <div role="group" aria-label={t('grid.columnSettings')} style={{ width: 280 }}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}>
        {columns.map((column, index) => (
          <ColumnRow key={column.key} columns={columns} index={index} onChange={onChange} />
        ))}
      </ul>
      <div style={{ textAlign: 'right', marginTop: 8 }}>
        <Button size="small" onClick={onReset}>
          {t('grid.resetColumns')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} title={t('grid.columnSettings')}>
      <Button icon={<SettingOutlined aria-hidden />} aria-label={t('grid.columnSettings')}>
        {t('grid.columns')}
      </Button>
    </Popover>
  );
}
