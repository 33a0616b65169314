/**
 * A transition's guard and timer in the lifecycle designer. The guard is a record check (field,
 * operator, value, bilingual message: the transition is refused while the record does not match);
 * other checks — on lines, on other records, compound conditions — show in words and are kept.
 * The timer fires the transition every day at hh:mm for the records whose date field plus some
 * days has come (docs/developer-guide.md "Timers"); a `where` it has stays as it is.
 */
import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransitionCheck } from '../meta';
import { isDateField, typedValue, useBehaviourScope, useFieldOptions } from './behaviourOptions';

const item = { style: { marginBottom: 0 } };
const OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'null', 'notNull'] as const;

/** A check the designer edits: one condition on the record's own fields. */
function isSimpleRecordCheck(check: TransitionCheck | undefined): boolean {
  if (!check || !('record' in check) || check.reference) return false;
  return !['and', 'or', 'not', 'parent'].some((compound) => compound in check.record);
}

function checkInWords(check: TransitionCheck, t: (key: string, o?: Record<string, string>) => string): string {
  if ('lines' in check) return t('modeling.behaviour.linesCheck', { lines: check.lines, message: check.message.cn });
  if ('noOther' in check) return t('modeling.behaviour.otherCheck', { message: check.message.cn });
  return t('modeling.behaviour.recordCheck', { message: check.message.cn });
}

function RecordCheckFields({ list, name }: { list: (string | number)[]; name: number }) {
  const { t } = useTranslation();
  const { entity } = useBehaviourScope();
  const fields = useFieldOptions();
  const condition = Form.useWatch(['transitions', ...list, name, 'record']) as
    { field?: string; op?: string } | undefined;
  const field = entity?.fields.find((f) => f.name === condition?.field);
  const needsValue = condition?.op !== 'null' && condition?.op !== 'notNull';
  return (
    <>
      <Form.Item name={[name, 'record', 'field']} {...item}>
        <Select
          aria-label={t('modeling.behaviour.checkField')}
          placeholder={t('modeling.behaviour.checkField')}
          showSearch
          optionFilterProp="label"
          options={fields}
          style={{ width: 140 }}
        />
      </Form.Item>
      <Form.Item name={[name, 'record', 'op']} {...item}>
        <Select
          aria-label={t('modeling.behaviour.checkOp')}
          options={OPS.map((op) => ({ value: op, label: t(`modeling.behaviour.op_${op}`) }))}
          style={{ width: 100 }}
        />
      </Form.Item>
      {needsValue && (
        <Form.Item
          name={[name, 'record', 'value']}
          getValueFromEvent={(e: { target: { value: string } }) => typedValue(field, e.target.value)}
          {...item}
        >
          <Input aria-label={t('modeling.behaviour.checkValue')} style={{ width: 110 }} />
        </Form.Item>
      )}
      {(['cn', 'en'] as const).map((lang) => (
        <Form.Item key={lang} name={[name, 'message', lang]} {...item}>
          <Input
            aria-label={t(`modeling.behaviour.message_${lang}`)}
            placeholder={t(`modeling.behaviour.message_${lang}`)}
            style={{ width: 220 }}
          />
        </Form.Item>
      ))}
    </>
  );
}

function CheckItem({ list, name, onRemove }: { list: (string | number)[]; name: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  Form.useWatch(['transitions', ...list, name]); // re-renders on change; read from the store below
  const check = form.getFieldValue(['transitions', ...list, name]) as TransitionCheck | undefined;
  if (!check) return null;
  return (
    <Space wrap align="start" aria-label={t('modeling.behaviour.check')}>
      {isSimpleRecordCheck(check) ? (
        <RecordCheckFields list={list} name={name} />
      ) : (
        <Typography.Text>{checkInWords(check, t)}</Typography.Text>
      )}
      <Button type="link" danger size="small" aria-label={t('modeling.behaviour.removeCheck')} onClick={onRemove}>
        {t('modeling.field.remove')}
      </Button>
    </Space>
  );
}

export function ChecksEditor({ transition }: { transition: number }) {
  const { t } = useTranslation();
  const list = [transition, 'checks'];
  return (
    <Form.List name={list}>
      {(rows, { add, remove }) => (
        <Space direction="vertical" aria-label={t('modeling.behaviour.checks')}>
          {rows.map(({ key, name }) => (
            <CheckItem key={key} list={list} name={name} onRemove={() => remove(name)} />
          ))}
          <Button
            size="small"
            type="dashed"
            onClick={() => add({ record: { op: 'notNull' }, message: { cn: '', en: '' } })}
          >
            {t('modeling.behaviour.addCheck')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

export function TimerEditor({ transition }: { transition: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { changed } = useBehaviourScope();
  const dates = useFieldOptions(isDateField);
  const path = ['transitions', transition, 'timer'];
  Form.useWatch(path); // re-renders on change; read from the store, so that its items exist on the first render
  const timer = form.getFieldValue(path) as unknown;
  const set = (value: unknown) => {
    form.setFieldValue(path, value);
    changed();
  };
  if (!timer)
    return (
      <Button
        size="small"
        type="dashed"
        onClick={() =>
          set({ at: '01:00', due: { field: dates[0]?.value, offsetDays: 0 }, comment: { cn: '', en: '' } })
        }
      >
        {t('modeling.behaviour.addTimer')}
      </Button>
    );
  const at = [transition, 'timer'];
  return (
    <Space wrap align="start" aria-label={t('modeling.behaviour.timer')}>
      <Form.Item name={[...at, 'at']} label={t('modeling.behaviour.timerAt')} {...item}>
        <Input aria-label={t('modeling.behaviour.timerAt')} placeholder="hh:mm" style={{ width: 70 }} />
      </Form.Item>
      <Form.Item name={[...at, 'due', 'field']} label={t('modeling.behaviour.dueField')} {...item}>
        <Select aria-label={t('modeling.behaviour.dueField')} options={dates} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name={[...at, 'due', 'offsetDays']} label={t('modeling.behaviour.offsetDays')} {...item}>
        <InputNumber aria-label={t('modeling.behaviour.offsetDays')} precision={0} style={{ width: 80 }} />
      </Form.Item>
      {(['cn', 'en'] as const).map((lang) => (
        <Form.Item key={lang} name={[...at, 'comment', lang]} {...item}>
          <Input
            aria-label={t(`modeling.behaviour.comment_${lang}`)}
            placeholder={t(`modeling.behaviour.comment_${lang}`)}
            style={{ width: 220 }}
          />
        </Form.Item>
      ))}
      <Button
        type="link"
        danger
        size="small"
        aria-label={t('modeling.behaviour.removeTimer')}
        onClick={() => set(undefined)}
      >
        {t('modeling.field.remove')}
      </Button>
    </Space>
  );
}
