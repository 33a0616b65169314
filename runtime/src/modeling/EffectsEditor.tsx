/**
 * A transition's declared effects in the lifecycle designer (docs/developer-guide.md "Declared
 * effects"): a to-do, a notification, closing to-dos and fields written (SetFieldsEditor.tsx) are
 * edited here; the named effects (stamps, the approval rule's own) show as labelled tags; other
 * kinds (setLines, createRecord, …) show in words, read-only, and are kept as they are.
 */
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EffectDef } from '../meta';
import { RecipientPicker } from './RecipientPicker';
import { SetValuesInput } from './SetFieldsEditor';
import { NOTIFICATION_TYPES, TODO_TYPES, useBehaviourScope, useLookupOptions, useNamedRows } from './behaviourOptions';

const item = { style: { marginBottom: 0 } };
type Name = (string | number)[];

function BilingualInputs({ name, what }: { name: Name; what: 'title' | 'content' }) {
  const { t } = useTranslation();
  return (
    <>
      {(['cn', 'en'] as const).map((lang) => (
        <Form.Item key={lang} name={[...name, what, lang]} {...item}>
          <Input
            aria-label={t(`modeling.behaviour.${what}_${lang}`)}
            placeholder={t(`modeling.behaviour.${what}_${lang}`)}
            style={{ width: what === 'title' ? 220 : 260 }}
          />
        </Form.Item>
      ))}
    </>
  );
}

function TodoFields({ name }: { name: Name }) {
  const { t } = useTranslation();
  const todoTypes = useLookupOptions(TODO_TYPES);
  const menus = useNamedRows('menus');
  const at = [...name, 'openTodo'];
  return (
    <>
      <Form.Item name={[...at, 'billType']} {...item}>
        <Select
          aria-label={t('modeling.behaviour.todoType')}
          placeholder={t('modeling.behaviour.todoType')}
          showSearch
          optionFilterProp="label"
          options={todoTypes}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item name={[...at, 'to']} {...item}>
        <RecipientPicker />
      </Form.Item>
      <BilingualInputs name={at} what="title" />
      <Form.Item name={[...at, 'menuCode']} {...item}>
        <Select
          aria-label={t('modeling.behaviour.menu')}
          placeholder={t('modeling.behaviour.menu')}
          showSearch
          optionFilterProp="label"
          options={menus}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item name={[...at, 'link']} {...item}>
        <Input aria-label={t('modeling.behaviour.link')} placeholder="xxxEdit?id={id}" style={{ width: 200 }} />
      </Form.Item>
    </>
  );
}

function NotifyFields({ name }: { name: Name }) {
  const { t } = useTranslation();
  const types = useLookupOptions(NOTIFICATION_TYPES);
  const at = [...name, 'notify'];
  return (
    <>
      <Form.Item name={[...at, 'to']} {...item}>
        <RecipientPicker />
      </Form.Item>
      <BilingualInputs name={at} what="title" />
      <BilingualInputs name={at} what="content" />
      <Form.Item name={[...at, 'type']} {...item}>
        <Select aria-label={t('modeling.behaviour.notifyType')} options={types} style={{ width: 110 }} />
      </Form.Item>
    </>
  );
}

function CloseTodosFields({ name }: { name: Name }) {
  const { t } = useTranslation();
  const todoTypes = useLookupOptions(TODO_TYPES);
  const at = [...name, 'closeTodos'];
  return (
    <>
      <Form.Item name={[...at, 'billTypes']} {...item}>
        <Select
          aria-label={t('modeling.behaviour.todoTypes')}
          placeholder={t('modeling.behaviour.todoTypes')}
          mode="multiple"
          optionFilterProp="label"
          options={todoTypes}
          style={{ minWidth: 200 }}
        />
      </Form.Item>
      <Form.Item name={[...at, 'as']} {...item}>
        <Select
          aria-label={t('modeling.behaviour.closeAs')}
          options={(['handled', 'cancelled'] as const).map((v) => ({
            value: v,
            label: t(`modeling.behaviour.as_${v}`),
          }))}
          style={{ width: 100 }}
        />
      </Form.Item>
    </>
  );
}

function SetFields({ name }: { name: Name }) {
  return (
    <Form.Item name={[...name, 'set']} {...item}>
      <SetValuesInput />
    </Form.Item>
  );
}

/** An effect the designer does not edit, in words: which fields it writes. */
function effectInWords(effect: EffectDef, t: (key: string, o?: Record<string, string>) => string): string {
  if (typeof effect === 'string') return t(`modeling.behaviour.named_${effect}`, { defaultValue: effect });
  if ('setLines' in effect)
    return t('modeling.behaviour.setLines', {
      lines: effect.setLines.lines,
      fields: Object.keys(effect.setLines.set).join(', '),
    });
  // A kind this designer does not know yet (added to the schema later): named, kept as it is.
  return `${t('modeling.behaviour.kind_other')} ${Object.keys(effect)[0]}`;
}

const EDITORS: Record<string, (p: { name: Name }) => ReactNode> = {
  openTodo: TodoFields,
  notify: NotifyFields,
  closeTodos: CloseTodosFields,
  set: SetFields,
};

/** One effect of the list: its editor by kind, or its words; a remove button either way. */
function EffectItem({ listName, index, onRemove }: { listName: Name; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const path = ['transitions', ...listName, index];
  Form.useWatch(path); // re-renders on change; the value is read from the store, set already on the first render
  const effect = form.getFieldValue(path) as EffectDef | undefined;
  if (!effect) return null;
  const kind = typeof effect === 'string' ? 'named' : Object.keys(effect)[0];
  const Editor = EDITORS[kind] as ((p: { name: Name }) => ReactNode) | undefined;
  return (
    <Space wrap align="start" aria-label={t(`modeling.behaviour.kind_${Editor ? kind : 'other'}`)}>
      <Tag color={Editor ? 'blue' : undefined}>
        {Editor ? t(`modeling.behaviour.kind_${kind}`) : effectInWords(effect, t)}
      </Tag>
      {Editor && <Editor name={[index]} />}
      <Button type="link" danger size="small" aria-label={t('modeling.behaviour.removeEffect')} onClick={onRemove}>
        {t('modeling.field.remove')}
      </Button>
    </Space>
  );
}

/** The transition's effects; new ones start with what the designer can default (the edit page link). */
export function EffectsEditor({ transition }: { transition: number }) {
  const { t } = useTranslation();
  const { editPage } = useBehaviourScope();
  const title = { cn: '', en: '' };
  const starts: Record<string, EffectDef> = {
    openTodo: {
      openTodo: { billType: '', to: { approvers: {} }, title, menuCode: '', link: `${editPage ?? ''}?id={id}` },
    },
    notify: { notify: { to: { creator: true }, title, content: { cn: '', en: '' }, type: 'APPROVAL' } },
    closeTodos: { closeTodos: { billTypes: [], as: 'handled' } },
    set: { set: {} },
  } as unknown as Record<string, EffectDef>;
  return (
    <Form.List name={[transition, 'effects']}>
      {(rows, { add, remove }) => (
        <Space direction="vertical" aria-label={t('modeling.behaviour.effects')}>
          {rows.map(({ key, name }) => (
            <EffectItem key={key} listName={[transition, 'effects']} index={name} onRemove={() => remove(name)} />
          ))}
          <Space>
            {Object.keys(starts).map((kind) => (
              <Button key={kind} size="small" type="dashed" onClick={() => add(starts[kind])}>
                {t(`modeling.behaviour.add_${kind}`)}
              </Button>
            ))}
          </Space>
          {!rows.length && <Typography.Text type="secondary">{t('modeling.behaviour.noEffects')}</Typography.Text>}
        </Space>
      )}
    </Form.List>
  );
}
