/**
 * Grid columns in the page designer: the list page's columns and each line grid's columns of an
 * edit/detail page. Picking a column's field fills what that field needs to show (title, lookup,
 * reference label, thousands separator; on an editable line grid its edit widget and required
 * check) so that a column added by hand behaves like a generated one.
 */
import { Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../meta';
import { columnOf, lineColumnOf } from './pageLayout';

const COLUMN_FLAGS = ['sortable', 'linkTag', 'ellipsis', 'showThousandSeparator'] as const;

export interface ColumnsEditorProps {
  /** Form path of the column array: ['grid','columns'] or ['form','lines', i,'grid','columns']. */
  listPath: (string | number)[];
  fields: FieldDef[];
  /** Set for a line grid: whether its cells are edited (edit page) or only shown (detail page). */
  line?: { readOnly: boolean };
  /** The form does not report values set by code; this tells the designer the document changed. */
  onDefaults: () => void;
}

export const fieldOptionsOf = (fields: FieldDef[]) =>
  fields.filter((f) => !f.retired).map((f) => ({ value: f.name, label: `${f.name} ${f.label.cn}` }));

export function ColumnsEditor({ listPath, fields, line, onDefaults }: ColumnsEditorProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const options = fieldOptionsOf(fields);
  const fill = (row: number, name: string) => {
    const field = fields.find((f) => f.name === name);
    if (!field) return;
    const current = form.getFieldValue([...listPath, row]) ?? {};
    const defaults = line ? lineColumnOf(field, line.readOnly) : columnOf(field);
    form.setFieldValue([...listPath, row], { ...defaults, ...(current.width && { width: current.width }), key: name });
    onDefaults();
  };
  return (
    <Form.List name={listPath}>
      {(rows, { add, remove, move }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {rows.map(({ key, name }, i) => (
            <Space key={key} wrap aria-label={t('modeling.page.column')}>
              <Form.Item name={[name, 'key']} style={{ marginBottom: 0 }}>
                <Select
                  aria-label={t('modeling.page.columnKey')}
                  showSearch
                  optionFilterProp="label"
                  options={options}
                  style={{ width: 150 }}
                  onChange={(value: string) => fill(name, value)}
                />
              </Form.Item>
              <Form.Item name={[name, 'title', 'cn']} style={{ marginBottom: 0 }}>
                <Input aria-label={t('modeling.field.labelCn')} style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name={[name, 'title', 'en']} style={{ marginBottom: 0 }}>
                <Input aria-label={t('modeling.field.labelEn')} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name={[name, 'width']} style={{ marginBottom: 0 }}>
                <InputNumber aria-label={t('modeling.page.width')} min={40} max={800} style={{ width: 80 }} />
              </Form.Item>
              <Form.Item name={[name, 'fixedStyle']} style={{ marginBottom: 0 }}>
                <Select
                  aria-label={t('modeling.page.fixed')}
                  allowClear
                  options={['left', 'right'].map((value) => ({ value, label: t(`modeling.page.fixed_${value}`) }))}
                  style={{ width: 90 }}
                />
              </Form.Item>
              {COLUMN_FLAGS.map((flag) => (
                <Form.Item key={flag} name={[name, flag]} valuePropName="checked" style={{ marginBottom: 0 }}>
                  <Checkbox>{t(`modeling.page.${flag}`)}</Checkbox>
                </Form.Item>
              ))}
              <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('modeling.page.up')}>
                ↑
              </Button>
              <Button
                size="small"
                disabled={i === rows.length - 1}
                onClick={() => move(i, i + 1)}
                aria-label={t('modeling.page.down')}
              >
                ↓
              </Button>
              <Button size="small" type="link" danger onClick={() => remove(name)}>
                {t('modeling.field.remove')}
              </Button>
            </Space>
          ))}
          <Button type="dashed" onClick={() => add({ width: 120 })}>
            {t('modeling.page.addColumn')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
