/**
 * A field's validation rules in the entity designer, behind a button on its row: the named form
 * validator of docs/architecture.md "Spec: validators" that suits the type, limits (min/max for numbers,
 * maximum length and a
 * pattern for text) and the default value. fieldDocument keeps only the rules the type uses.
 */
import { Badge, Button, Form, Input, InputNumber, Popover, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../meta';
import { RULES_BY_TYPE, VALIDATORS_BY_TYPE } from './entityDraft';

const item = { style: { marginBottom: 8 } };

function RulesForm({ index, type }: { index: number; type: string }) {
  const { t } = useTranslation();
  const rules = RULES_BY_TYPE[type] ?? [];
  const validators = VALIDATORS_BY_TYPE[type] ?? [];
  return (
    <Space direction="vertical" style={{ width: 260 }}>
      {validators.length > 0 && (
        <Form.Item name={[index, 'validator']} label={t('modeling.rules.validator')} {...item}>
          <Select
            aria-label={t('modeling.rules.validator')}
            allowClear
            options={validators.map((value) => ({ value, label: t(`modeling.rules.validators.${value}`) }))}
          />
        </Form.Item>
      )}
      {rules.includes('min') && (
        <Form.Item name={[index, 'min']} label={t('modeling.rules.min')} {...item}>
          <InputNumber aria-label={t('modeling.rules.min')} style={{ width: '100%' }} />
        </Form.Item>
      )}
      {rules.includes('max') && (
        <Form.Item name={[index, 'max']} label={t('modeling.rules.max')} {...item}>
          <InputNumber aria-label={t('modeling.rules.max')} style={{ width: '100%' }} />
        </Form.Item>
      )}
      {rules.includes('maxLength') && (
        <Form.Item name={[index, 'maxLength']} label={t('modeling.rules.maxLength')} {...item}>
          <InputNumber aria-label={t('modeling.rules.maxLength')} min={1} style={{ width: '100%' }} />
        </Form.Item>
      )}
      {rules.includes('pattern') && (
        <Form.Item name={[index, 'pattern']} label={t('modeling.rules.pattern')} {...item}>
          <Input aria-label={t('modeling.rules.pattern')} placeholder="^[A-Z]{2}-\d+$" />
        </Form.Item>
      )}
      {rules.includes('default') && (
        <Form.Item name={[index, 'default']} label={t('modeling.rules.default')} {...item}>
          <Input aria-label={t('modeling.rules.default')} />
        </Form.Item>
      )}
    </Space>
  );
}

/** The row's rules button; the badge counts the rules set. */
export function FieldRules({ index, field }: { index: number; field: FieldDef }) {
  const { t } = useTranslation();
  const rules = RULES_BY_TYPE[field.type] ?? [];
  if (!rules.length) return null;
  const set = [...rules, 'validator'].filter(
    (key) =>
      (field as unknown as Record<string, unknown>)[key] !== undefined &&
      (field as unknown as Record<string, unknown>)[key] !== '',
  ).length;
  return (
    <Popover trigger="click" title={t('modeling.rules.title')} content={<RulesForm index={index} type={field.type} />}>
      <Badge count={set} size="small">
        <Button size="small" aria-label={`${t('modeling.rules.title')} ${field.name ?? ''}`.trim()}>
          {t('modeling.rules.button')}
        </Button>
      </Badge>
    </Popover>
  );
}
