/**
 * The entity designer: name, table, area, CN/EN labels, primary key, lifecycle and status field,
 * row scope, the fields table and the header/line children. Every change goes straight into the draft.
 */
import { AutoComplete, Button, Card, Form, Input, Select, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataProvider } from '../core/DataProviderContext';
import type { EntityDef } from '../meta';
import { entityDocument } from './entityDraft';
import { FieldsEditor } from './FieldsEditor';
import type { LookupTypeOption } from './NewLookupType';
import { matchesSearch, type EntityOption, type TargetFieldsOf } from './referenceTargets';
import type { PlacedError } from './draftErrors';
import { useDraftForm } from './useDraftForm';

const AREAS = ['srmServer', 'baseServer'];

interface Props {
  docKey: string;
  loadKey: string;
  entity: EntityDef;
  isNew: boolean;
  publishedFields: Set<string>;
  entityNames: EntityOption[];
  targetFields: TargetFieldsOf;
  lifecycleNames: string[];
  errors: PlacedError[];
  onChange: (doc: EntityDef) => void;
  onRetire: (field: string) => void;
  onPurge: (field: string) => void;
}

/** Lookup types for the lookup picker, read from the platform's lookup type list; searched by code and CN/EN name. */
export function useLookupTypes() {
  const provider = useDataProvider();
  const [types, setTypes] = useState<LookupTypeOption[]>([]);
  useEffect(() => {
    provider
      .listByPage(
        { name: 'baseLookupType', area: 'baseServer' },
        { pageIndex: 1, pageRows: 500, orderBy: 'lookupType asc' },
      )
      .then(
        (answer) =>
          setTypes(
            answer.rows.map((r) => ({
              value: String(r.lookupType),
              label: `${r.lookupType} ${r.meaning ?? ''}`,
              search: [r.lookupType, r.meaning, r.meaningEn].filter(Boolean).join(' '),
            })),
          ),
        () => setTypes([]),
      );
  }, [provider]);
  return types;
}

function ChildrenEditor({ entityNames }: { entityNames: EntityOption[] }) {
  const { t } = useTranslation();
  return (
    <Form.List name="children">
      {(rows, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }} aria-label={t('modeling.children')}>
          {rows.map(({ key, name }) => (
            <Space key={key} wrap>
              <Form.Item name={[name, 'name']} label={t('modeling.child.name')} style={{ marginBottom: 0 }}>
                <Input />
              </Form.Item>
              <Form.Item name={[name, 'entity']} label={t('modeling.child.entity')} style={{ marginBottom: 0 }}>
                <AutoComplete options={entityNames} filterOption={matchesSearch} style={{ width: 220 }} />
              </Form.Item>
              <Form.Item name={[name, 'foreignKey']} label={t('modeling.child.foreignKey')} style={{ marginBottom: 0 }}>
                <Input />
              </Form.Item>
              <Button type="link" danger onClick={() => remove(name)}>
                {t('modeling.field.remove')}
              </Button>
            </Space>
          ))}
          <Button type="dashed" onClick={() => add({ name: 'lines' })}>
            {t('modeling.child.add')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

export function EntityEditor(props: Props) {
  const { t } = useTranslation();
  const form = useDraftForm<EntityDef>(props.docKey, props.loadKey, props.entity, props.errors);
  const lookupTypes = useLookupTypes();
  const fields = Form.useWatch('fields', form) ?? props.entity.fields;
  const fieldOptions = useMemo(
    () => fields.filter((f) => f?.name).map((f) => ({ value: f.name, label: f.name })),
    [fields],
  );
  return (
    <Form
      form={form}
      name="entityDesigner"
      layout="inline"
      onValuesChange={() => props.onChange(entityDocument(form.getFieldsValue(true)))}
      aria-label={t('modeling.entityDesigner')}
    >
      <Card size="small" title={t('modeling.entityBasics')} style={{ width: '100%', marginBottom: 12 }}>
        <Space wrap>
          <Form.Item name="name" label={t('modeling.entity.name')}>
            <Input disabled={!props.isNew} />
          </Form.Item>
          <Form.Item name="table" label={t('modeling.entity.table')}>
            <Input disabled={!props.isNew} />
          </Form.Item>
          <Form.Item name="area" label={t('modeling.entity.area')}>
            <Select options={AREAS.map((value) => ({ value }))} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="primaryKey" label={t('modeling.entity.primaryKey')}>
            <Input disabled={!props.isNew} />
          </Form.Item>
          <Form.Item name={['label', 'cn']} label={t('modeling.entity.labelCn')}>
            <Input />
          </Form.Item>
          <Form.Item name={['label', 'en']} label={t('modeling.entity.labelEn')}>
            <Input />
          </Form.Item>
          <Form.Item name="displayField" label={t('modeling.entity.displayField')}>
            <Select allowClear options={fieldOptions} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="lifecycle" label={t('modeling.entity.lifecycle')}>
            <AutoComplete
              allowClear
              options={props.lifecycleNames.map((value) => ({ value }))}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item name="statusField" label={t('modeling.entity.statusField')}>
            <Select allowClear options={fieldOptions} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name={['rowScope', 'supplierField']} label={t('modeling.entity.rowScope')}>
            <Select allowClear options={fieldOptions} style={{ width: 160 }} />
          </Form.Item>
          {props.entity.parent && (
            <Form.Item name="parent" label={t('modeling.entity.parent')}>
              <Input disabled />
            </Form.Item>
          )}
        </Space>
      </Card>
      <Card size="small" title={t('modeling.fields')} style={{ width: '100%', marginBottom: 12 }}>
        <FieldsEditor
          lookupTypes={lookupTypes}
          entityNames={props.entityNames}
          targetFields={props.targetFields}
          published={props.publishedFields}
          onRetire={props.onRetire}
          onPurge={props.onPurge}
        />
      </Card>
      <Card size="small" title={t('modeling.children')} style={{ width: '100%' }}>
        <ChildrenEditor entityNames={props.entityNames} />
      </Card>
    </Form>
  );
}
