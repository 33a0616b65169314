/**
 * The fields table of the entity designer: one row per field (name, CN/EN label, type, size,
 * required, lookup type or reference target, validation rules), with retire / purge for
 * published fields.
 */
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Tag, AutoComplete } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../meta';
import { isDecimalType } from './entityDraft';
import { FieldRules } from './FieldRules';
import type { TargetFieldsOf } from './referenceTargets';

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
  lookupTypes: { value: string; label: string }[];
  entityNames: string[];
  /** Field names of a reference target, offered for its value and label fields. */
  targetFields: TargetFieldsOf;
  /** Published fields (retire/purge act on the stored version). */
  published: Set<string>;
  onRetire: (field: string) => void;
  onPurge: (field: string) => void;
}

function TypedInputs({ index, type }: { index: number; type: string }) {
  const { t } = useTranslation();
  if (type === 'string')
    return (
      <Form.Item name={[index, 'length']} noStyle>
        <InputNumber
          aria-label={t('modeling.field.length')}
          placeholder={t('modeling.field.length')}
          min={1}
          max={4000}
        />
      </Form.Item>
    );
  if (isDecimalType(type)) {
    return (
      <Space.Compact>
        <Form.Item name={[index, 'precision']} noStyle>
          <InputNumber
            aria-label={t('modeling.field.precision')}
            placeholder={t('modeling.field.precision')}
            min={1}
            max={38}
          />
        </Form.Item>
        <Form.Item name={[index, 'scale']} noStyle>
          <InputNumber
            aria-label={t('modeling.field.scale')}
            placeholder={t('modeling.field.scale')}
            min={0}
            max={20}
          />
        </Form.Item>
      </Space.Compact>
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
  const pick = (key: string, width: number) => (
    <Form.Item name={[index, 'reference', key]} style={{ marginBottom: 0 }}>
      <AutoComplete
        aria-label={t(`modeling.field.${key === 'valueField' ? 'refValue' : 'refLabel'}`)}
        placeholder={t(`modeling.field.${key === 'valueField' ? 'refValue' : 'refLabel'}`)}
        options={names}
        filterOption
        style={{ width }}
      />
    </Form.Item>
  );
  return (
    <Space.Compact>
      <Form.Item name={[index, 'reference', 'entity']} style={{ marginBottom: 0 }}>
        <AutoComplete
          aria-label={t('modeling.field.refEntity')}
          placeholder={t('modeling.field.refEntity')}
          options={entityNames.map((value) => ({ value }))}
          filterOption
          style={{ width: 170 }}
        />
      </Form.Item>
      {pick('valueField', 130)}
      {pick('labelField', 130)}
    </Space.Compact>
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
      <Form.Item name={[index, 'lookupType']} style={{ marginBottom: 0 }}>
        <Select
          aria-label={t('modeling.field.lookupType')}
          showSearch
          options={lookupTypes}
          style={{ minWidth: 200 }}
          optionFilterProp="label"
        />
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

export function FieldsEditor(props: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const fields: FieldDef[] = Form.useWatch('fields', form) ?? [];
  return (
    <Form.List name="fields">
      {(rows, { add, remove }) => (
        <table
          className="modeling-fields"
          aria-label={t('modeling.fields')}
          style={{ width: '100%', borderCollapse: 'collapse' }}
        >
          <thead>
            <tr>
              {['name', 'labelCn', 'labelEn', 'type', 'size', 'required', 'target', 'rules', 'operate'].map((c) => (
                <th key={c} style={{ textAlign: 'left' }}>
                  {t(`modeling.field.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, name }) => {
              const field = fields[name] ?? ({} as FieldDef);
              const isPublished = props.published.has(field.name);
              return (
                <tr key={key} aria-label={field.name || t('modeling.field.new')}>
                  <td>
                    <Form.Item name={[name, 'name']} style={{ marginBottom: 0 }}>
                      <Input aria-label={t('modeling.field.name')} disabled={isPublished} />
                    </Form.Item>
                  </td>
                  <td>
                    <Form.Item name={[name, 'label', 'cn']} style={{ marginBottom: 0 }}>
                      <Input aria-label={t('modeling.field.labelCn')} />
                    </Form.Item>
                  </td>
                  <td>
                    <Form.Item name={[name, 'label', 'en']} style={{ marginBottom: 0 }}>
                      <Input aria-label={t('modeling.field.labelEn')} />
                    </Form.Item>
                  </td>
                  <td>
                    <Form.Item name={[name, 'type']} style={{ marginBottom: 0 }}>
                      <Select
                        aria-label={t('modeling.field.type')}
                        showSearch
                        optionFilterProp="label"
                        options={FIELD_TYPES.map((v) => ({ value: v, label: t(`modeling.type.${v}`) }))}
                        style={{ width: 110 }}
                      />
                    </Form.Item>
                  </td>
                  <td>
                    <TypedInputs index={name} type={field.type} />
                  </td>
                  <td>
                    <Form.Item name={[name, 'required']} valuePropName="checked" style={{ marginBottom: 0 }}>
                      <Checkbox aria-label={t('modeling.field.required')} />
                    </Form.Item>
                  </td>
                  <td>
                    <TargetInputs
                      index={name}
                      field={field}
                      lookupTypes={props.lookupTypes}
                      entityNames={props.entityNames}
                      targetFields={props.targetFields}
                    />
                  </td>
                  <td>
                    <FieldRules index={name} field={field} />
                  </td>
                  <td>
                    {field.retired && <Tag>{t('modeling.field.retired')}</Tag>}
                    {isPublished && !field.retired && (
                      <Button size="small" onClick={() => props.onRetire(field.name)}>
                        {t('modeling.retire.button')}
                      </Button>
                    )}
                    {isPublished && field.retired && (
                      <Button size="small" danger onClick={() => props.onPurge(field.name)}>
                        {t('modeling.purge.button')}
                      </Button>
                    )}
                    {!isPublished && (
                      <Button size="small" type="link" danger onClick={() => remove(name)}>
                        {t('modeling.field.remove')}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
            <tr>
              <td colSpan={9}>
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
