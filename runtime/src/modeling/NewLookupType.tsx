/**
 * The designer's "new lookup type": while defining a dropdown field, an administrator creates the
 * value set it needs (code, CN/EN name, values with CN/EN labels) without leaving the designer,
 * and the field picks it (tableModelRestful/createLookupType, button btnNewLookup).
 */
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../core/apiError';
import { useScreen } from '../core/DataProviderContext';
import { useFeedback } from '../core/feedback';
import { LOOKUPS_KEY } from '../core/queries';
import { createTableModelApi, type NewLookupType } from './tableModelApi';

/** A lookup type to pick: shown as "CODE 中文名", searched by code and CN/EN name. */
export interface LookupTypeOption {
  value: string;
  label: string;
  search: string;
}

/** What the form holds; the server numbers the values in this order. */
const EMPTY: NewLookupType = { lookupType: '', meaning: '', meaningEn: '', values: [{ lookupCode: '', meaning: '' }] };

/** "values[1].lookupCode" → ['values', 1, 'lookupCode'], the form's name path. */
const fieldPath = (field: string) =>
  field
    .split(/[.[\]]+/)
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));

function ValueRows() {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('modeling.newLookup.needValue') }];
  return (
    <Form.List name="values">
      {(rows, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }} aria-label={t('modeling.newLookup.values')}>
          {rows.map(({ key, name }) => (
            <Space key={key} align="start" wrap>
              <Form.Item name={[name, 'lookupCode']} rules={required} style={{ marginBottom: 0 }}>
                <Input placeholder={t('modeling.newLookup.valueCode')} aria-label={t('modeling.newLookup.valueCode')} />
              </Form.Item>
              <Form.Item name={[name, 'meaning']} rules={required} style={{ marginBottom: 0 }}>
                <Input placeholder={t('modeling.newLookup.meaningCn')} aria-label={t('modeling.newLookup.meaningCn')} />
              </Form.Item>
              <Form.Item name={[name, 'meaningEn']} style={{ marginBottom: 0 }}>
                <Input placeholder={t('modeling.newLookup.meaningEn')} aria-label={t('modeling.newLookup.meaningEn')} />
              </Form.Item>
              <Button type="link" danger disabled={rows.length < 2} onClick={() => remove(name)}>
                {t('modeling.newLookup.removeValue')}
              </Button>
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ lookupCode: '', meaning: '' })}>
            {t('modeling.newLookup.addValue')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

function NewLookupTypeModal({ onClose, onCreated }: { onClose: () => void; onCreated: (o: LookupTypeOption) => void }) {
  const { t } = useTranslation();
  const screen = useScreen();
  const feedback = useFeedback();
  const client = useQueryClient();
  const api = useMemo(() => createTableModelApi(screen), [screen]);
  const [form] = Form.useForm<NewLookupType>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const saved = await api.createLookupType(values);
      void client.invalidateQueries({ queryKey: LOOKUPS_KEY }); // a screen that asked for the code before sees it now
      feedback.success(t('modeling.newLookup.created', { code: saved.lookupType }));
      onCreated({
        value: saved.lookupType,
        label: `${saved.lookupType} ${saved.meaning}`,
        search: [saved.lookupType, saved.meaning, saved.meaningEn].filter(Boolean).join(' '),
      });
    } catch (e) {
      // Field errors land on their inputs ("values[1].lookupCode"); the message says the rest.
      if (isApiError(e))
        form.setFields(e.errors.map((f) => ({ name: fieldPath(f.field), errors: [f.message] })) as never);
      feedback.error(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('modeling.newLookup.title')}
      onOk={save}
      confirmLoading={saving}
      onCancel={onClose}
      width={760}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={EMPTY} aria-label={t('modeling.newLookup.title')}>
        <Space wrap>
          <Form.Item
            name="lookupType"
            label={t('modeling.newLookup.code')}
            rules={[{ required: true }, { pattern: /^[A-Z][A-Z0-9_]*$/, message: t('modeling.newLookup.codeFormat') }]}
          >
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="meaning" label={t('modeling.newLookup.nameCn')} rules={[{ required: true }]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="meaningEn" label={t('modeling.newLookup.nameEn')}>
            <Input style={{ width: 220 }} />
          </Form.Item>
        </Space>
        <ValueRows />
      </Form>
    </Modal>
  );
}

/**
 * The lookup-type picker of a field (a Form.Item's child: value and onChange come from it),
 * searchable by code and by CN/EN name, with the "new lookup type" button beside it; a type
 * created here is offered and picked at once.
 */
export function LookupTypePicker({
  value,
  onChange,
  options,
  ariaLabel,
}: {
  value?: string;
  onChange?: (value: string) => void;
  options: LookupTypeOption[];
  ariaLabel: string;
}) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<LookupTypeOption[]>([]);
  const all = useMemo(
    () => [...created, ...options.filter((o) => !created.some((c) => c.value === o.value))],
    [created, options],
  );
  return (
    <Space.Compact>
      <Select
        aria-label={ariaLabel}
        showSearch
        value={value}
        onChange={onChange}
        options={all}
        style={{ width: 240 }}
        optionFilterProp="search"
      />
      <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} title={t('modeling.newLookup.button')}>
        {t('modeling.newLookup.button')}
      </Button>
      {creating && (
        <NewLookupTypeModal
          onClose={() => setCreating(false)}
          onCreated={(option) => {
            setCreated((list) => [option, ...list]);
            setCreating(false);
            onChange?.(option.value);
          }}
        />
      )}
    </Space.Compact>
  );
}
