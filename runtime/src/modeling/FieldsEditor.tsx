/**
 * The fields table of the entity designer: one row per field (name, CN/EN label, type, size,
 * required, lookup type or reference target, validation rules), with retire / purge for
 * published fields. Laid out for reading at 1024 px and up (issue 33): see FieldsEditor.
 */
import { AutoComplete, Button, Checkbox, Form, Input, InputNumber, Select, Tag } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../meta';
import { isDecimalType } from './entityDraft';
import { FieldRules } from './FieldRules';
import { LookupTypePicker, type LookupTypeOption } from './NewLookupType';
import { matchesSearch, type EntityOption, type TargetFieldsOf } from './referenceTargets';

export const FIELD_TYPES = [
  'string',
  'text',
  'integer',
  'decimal',
  'money',
  'quantity',
  'date',
  'datetime',
  'flag',
  'lookup',
  'reference',
  'attachment',
  'json',
];

interface Props {
  lookupTypes: LookupTypeOption[];
  entityNames: EntityOption[];
  /** Field names of a reference target, offered for its value and label fields. */
  targetFields: TargetFieldsOf;
  /** Published fields (retire/purge act on the stored version). */
  published: Set<string>;
  onRetire: (field: string) => void;
  onPurge: (field: string) => void;
}

/** A labelled input of a row's second line (the label stays visible once a value is typed). */
const detail = { style: { marginBottom: 0, marginInlineEnd: 12 } };

function TypedInputs({ index, type }: { index: number; type: string }) {
  const { t } = useTranslation();
  if (type === 'string')
    return (
      <Form.Item name={[index, 'length']} label={t('modeling.field.length')} {...detail}>
        <InputNumber aria-label={t('modeling.field.length')} min={1} max={4000} style={{ width: 90 }} />
      </Form.Item>
    );
  if (isDecimalType(type)) {
    return (
      <>
        <Form.Item name={[index, 'precision']} label={t('modeling.field.precision')} {...detail}>
          <InputNumber aria-label={t('modeling.field.precision')} min={1} max={38} style={{ width: 72 }} />
        </Form.Item>
        <Form.Item name={[index, 'scale']} label={t('modeling.field.scale')} {...detail}>
          <InputNumber aria-label={t('modeling.field.scale')} min={0} max={20} style={{ width: 72 }} />
        </Form.Item>
      </>
    );
  }
  return null;
}

function ReferenceInputs({
  index,
  target,
  entityNames,
  targetFields,
}: { index: number; target?: string } & Pick<Props, 'entityNames' | 'targetFields'>) {
  const { t } = useTranslation();
  const names = targetFields(target).map((value) => ({ value }));
  const pick = (key: 'valueField' | 'labelField') => {
    const label = t(`modeling.field.${key === 'valueField' ? 'refValue' : 'refLabel'}`);
    return (
      <Form.Item name={[index, 'reference', key]} label={label} {...detail}>
        <AutoComplete aria-label={label} options={names} filterOption style={{ width: 150 }} />
      </Form.Item>
    );
  };
  return (
    <>
      <Form.Item name={[index, 'reference', 'entity']} label={t('modeling.field.refEntity')} {...detail}>
        <AutoComplete
          aria-label={t('modeling.field.refEntity')}
          options={entityNames}
          filterOption={matchesSearch}
          popupMatchSelectWidth={320}
          style={{ width: 200 }}
        />
      </Form.Item>
      {pick('valueField')}
      {pick('labelField')}
    </>
  );
}

function TargetInputs({
  index,
  field,
  lookupTypes,
  entityNames,
  targetFields,
}: { index: number; field: FieldDef } & Pick<Props, 'lookupTypes' | 'entityNames' | 'targetFields'>) {
  const { t } = useTranslation();
  if (field.type === 'lookup') {
    return (
      <Form.Item name={[index, 'lookupType']} label={t('modeling.field.lookupType')} {...detail}>
        <LookupTypePicker ariaLabel={t('modeling.field.lookupType')} options={lookupTypes} />
      </Form.Item>
    );
  }
  if (field.type !== 'reference') return null;
  return (
    <ReferenceInputs
      index={index}
      target={field.reference?.entity}
      entityNames={entityNames}
      targetFields={targetFields}
    />
  );
}

/**
 * The grid's columns: the name and the two labels share the width (each at least what a typical
 * value needs: `supplierContactPhone`, `Supplier contact phone`), the operate column fits its
 * button. A row's second line, under the name and labels, holds the type and what it needs.
 */
const COLUMNS = 'minmax(180px, 6fr) minmax(140px, 5fr) minmax(180px, 6fr) minmax(64px, max-content)';
const rowStyle = (extra?: CSSProperties): CSSProperties => ({
  display: 'grid',
  gridTemplateColumns: COLUMNS,
  columnGap: 8,
  rowGap: 6,
  alignItems: 'start',
  ...extra,
});
const line2 = { gridColumn: '1 / 4', gridRow: 2 };
const operateCell = { gridColumn: 4, gridRow: '1 / 3' };

function Operate({
  field,
  published,
  remove,
  props,
}: {
  field: FieldDef;
  published: boolean;
  remove: () => void;
  props: Props;
}) {
  const { t } = useTranslation();
  return (
    <>
      {field.retired && <Tag>{t('modeling.field.retired')}</Tag>}
      {published && !field.retired && (
        <Button size="small" onClick={() => props.onRetire(field.name)}>
          {t('modeling.retire.button')}
        </Button>
      )}
      {published && field.retired && (
        <Button size="small" danger onClick={() => props.onPurge(field.name)}>
          {t('modeling.purge.button')}
        </Button>
      )}
      {!published && (
        <Button size="small" type="link" danger onClick={remove}>
          {t('modeling.field.remove')}
        </Button>
      )}
    </>
  );
}

/**
 * One row per field in two lines (docs/decisions.md, "The designer's field grid in two lines"):
 * the name, CN and EN labels and the row's operation first, then the type, its size, required,
 * the value set or reference target and the rules, each labelled, wrapping within the grid's width.
 * The table keeps its roles (table, rows, cells) with each row laid out as a CSS grid.
 */
export function FieldsEditor(props: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const fields: FieldDef[] = Form.useWatch('fields', form) ?? [];
  return (
    <Form.List name="fields">
      {(rows, { add, remove }) => (
        <table
          className="modeling-fields"
          role="table"
          aria-label={t('modeling.fields')}
          style={{ display: 'block', width: '100%', minWidth: 0 }}
        >
          <thead role="rowgroup" style={{ display: 'block' }}>
            <tr role="row" style={rowStyle({ borderBottom: '1px solid #f0f0f0', paddingBottom: 6 })}>
              {(['name', 'labelCn', 'labelEn', 'operate'] as const).map((c) => (
                <th key={c} role="columnheader" style={{ textAlign: 'left', fontWeight: 600 }}>
                  {t(`modeling.field.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" style={{ display: 'block' }}>
            {rows.map(({ key, name }) => {
              const field = fields[name] ?? ({} as FieldDef);
              const isPublished = props.published.has(field.name);
              return (
                <tr
                  key={key}
                  role="row"
                  aria-label={field.name || t('modeling.field.new')}
                  style={rowStyle({ padding: '8px 0', borderBottom: '1px solid #f0f0f0' })}
                >
                  <td role="cell" style={{ minWidth: 0 }}>
                    <Form.Item name={[name, 'name']} style={{ marginBottom: 0, marginInlineEnd: 0, width: '100%' }}>
                      <Input aria-label={t('modeling.field.name')} disabled={isPublished} />
                    </Form.Item>
                  </td>
                  <td role="cell" style={{ minWidth: 0 }}>
                    <Form.Item
                      name={[name, 'label', 'cn']}
                      style={{ marginBottom: 0, marginInlineEnd: 0, width: '100%' }}
                    >
                      <Input aria-label={t('modeling.field.labelCn')} />
                    </Form.Item>
                  </td>
                  <td role="cell" style={{ minWidth: 0 }}>
                    <Form.Item
                      name={[name, 'label', 'en']}
                      style={{ marginBottom: 0, marginInlineEnd: 0, width: '100%' }}
                    >
                      <Input aria-label={t('modeling.field.labelEn')} />
                    </Form.Item>
                  </td>
                  <td
                    role="cell"
                    style={{
                      ...line2,
                      display: 'flex',
                      flexWrap: 'wrap',
                      alignItems: 'center',
                      rowGap: 6,
                      minWidth: 0,
                    }}
                  >
                    <Form.Item name={[name, 'type']} label={t('modeling.field.type')} {...detail}>
                      <Select
                        aria-label={t('modeling.field.type')}
                        showSearch
                        optionFilterProp="label"
                        options={FIELD_TYPES.map((v) => ({ value: v, label: t(`modeling.type.${v}`) }))}
                        style={{ width: 120 }}
                      />
                    </Form.Item>
                    <TypedInputs index={name} type={field.type} />
                    <Form.Item name={[name, 'required']} valuePropName="checked" {...detail}>
                      <Checkbox aria-label={t('modeling.field.required')}>{t('modeling.field.required')}</Checkbox>
                    </Form.Item>
                    <TargetInputs
                      index={name}
                      field={field}
                      lookupTypes={props.lookupTypes}
                      entityNames={props.entityNames}
                      targetFields={props.targetFields}
                    />
                    <FieldRules index={name} field={field} />
                  </td>
                  <td role="cell" style={operateCell}>
                    <Operate field={field} published={isPublished} remove={() => remove(name)} props={props} />
                  </td>
                </tr>
              );
            })}
            <tr role="row" style={{ display: 'block', paddingTop: 8 }}>
              <td role="cell" style={{ display: 'block' }}>
                <Button type="dashed" onClick={() => add({ type: 'string', label: { cn: '', en: '' } })}>
                  {t('modeling.field.add')}
                </Button>
              </td>
            </tr>
          </tbody>
        </table>
      )}
    </Form.List>
  );
}
