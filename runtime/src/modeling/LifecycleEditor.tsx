/**
 * The lifecycle designer: name, status lookup, states, the initial state and the transitions
 * (action, from, to, button resource, label, approval/comment/submitter flags), each with its
 * behaviour — effects, guard, timer — folded under a button (TransitionBehaviour.tsx). The approval
 * rule, handlers and what the behaviour section shows only in words are not edited here; a stored
 * lifecycle keeps them, because the document is built from the form's whole store (docs/decisions.md).
 */
import { Button, Card, Checkbox, Form, Input, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef, LifecycleDef } from '../meta';
import { BehaviourContext, NO_NAMES, type BehaviourScope } from './behaviourOptions';
import type { PlacedError } from './draftErrors';
import { useLookupTypes } from './EntityEditor';
import { lifecycleDocument } from './lifecycleDraft';
import { BehaviourToggle, TransitionBehaviour, useBehaviourOpen } from './TransitionBehaviour';
import { useDraftForm } from './useDraftForm';

const FLAGS = ['approval', 'commentRequired', 'submitterOnly'] as const;

interface Props {
  docKey: string;
  loadKey: string;
  lifecycle: LifecycleDef;
  isNew: boolean;
  errors: PlacedError[];
  onChange: (doc: LifecycleDef) => void;
  /** The entity of this lifecycle (its fields for the pickers), when the designer knows it. */
  entity?: EntityDef;
  /** That entity's edit page, the default link of a to-do. */
  editPage?: string;
  /** Responsibilities, roles and menus by name (the designer's table_model API). */
  loadNames?: BehaviourScope['loadNames'];
}

type Options = { value: string; label: string }[];

interface RowProps {
  name: number;
  states: Options;
  errors: PlacedError[];
  onRemove: () => void;
}

/** One transition row: the states it leaves and enters, the button that runs it, its label, flags and behaviour. */
function TransitionRow({ name, states, errors, onRemove }: RowProps) {
  const { t } = useTranslation();
  const [open, toggle] = useBehaviourOpen(name, errors);
  const item = { style: { marginBottom: 0 } };
  return (
    <Space wrap align="start" aria-label={t('modeling.lifecycle.transition')}>
      <Form.Item name={[name, 'action']} {...item}>
        <Input aria-label={t('modeling.lifecycle.action')} placeholder="doSubmit" style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name={[name, 'from']} {...item}>
        <Select
          aria-label={t('modeling.lifecycle.from')}
          placeholder={t('modeling.lifecycle.from')}
          mode="multiple"
          options={states}
          style={{ minWidth: 200 }}
        />
      </Form.Item>
      <Form.Item name={[name, 'to']} {...item}>
        <Select
          aria-label={t('modeling.lifecycle.to')}
          placeholder={t('modeling.lifecycle.to')}
          options={states}
          style={{ width: 140 }}
        />
      </Form.Item>
      <Form.Item name={[name, 'resourceCode']} {...item}>
        <Input aria-label={t('modeling.lifecycle.resourceCode')} placeholder="btnSubmit" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name={[name, 'label', 'cn']} {...item}>
        <Input
          aria-label={t('modeling.lifecycle.labelCn')}
          placeholder={t('modeling.lifecycle.labelCn')}
          style={{ width: 100 }}
        />
      </Form.Item>
      <Form.Item name={[name, 'label', 'en']} {...item}>
        <Input
          aria-label={t('modeling.lifecycle.labelEn')}
          placeholder={t('modeling.lifecycle.labelEn')}
          style={{ width: 110 }}
        />
      </Form.Item>
      {FLAGS.map((flag) => (
        <Form.Item key={flag} name={[name, flag]} valuePropName="checked" {...item}>
          <Checkbox aria-label={t(`modeling.lifecycle.${flag}`)}>{t(`modeling.lifecycle.${flag}`)}</Checkbox>
        </Form.Item>
      ))}
      <BehaviourToggle transition={name} open={open} onToggle={toggle} />
      <Button type="link" danger aria-label={t('modeling.lifecycle.removeTransition')} onClick={onRemove}>
        {t('modeling.field.remove')}
      </Button>
      {open && <TransitionBehaviour transition={name} />}
    </Space>
  );
}

function TransitionsEditor({ states, errors }: { states: Options; errors: PlacedError[] }) {
  const { t } = useTranslation();
  return (
    <Form.List name="transitions">
      {(rows, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }} aria-label={t('modeling.lifecycle.transitions')}>
          {rows.map(({ key, name }) => (
            <TransitionRow key={key} name={name} states={states} errors={errors} onRemove={() => remove(name)} />
          ))}
          <Button type="dashed" onClick={() => add({ from: [] })}>
            {t('modeling.lifecycle.addTransition')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

export function LifecycleEditor(props: Props) {
  const { t } = useTranslation();
  const form = useDraftForm<LifecycleDef>(props.docKey, props.loadKey, props.lifecycle, props.errors);
  const lookupTypes = useLookupTypes();
  const watched: string[] | undefined = Form.useWatch('states', form);
  const states = (watched ?? props.lifecycle.states).filter(Boolean).map((value) => ({ value, label: value }));
  const report = () => props.onChange(lifecycleDocument(form.getFieldsValue(true)));
  const scope: BehaviourScope = useMemo(
    () => ({ entity: props.entity, editPage: props.editPage, changed: report, loadNames: props.loadNames ?? NO_NAMES }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- report reads the form when called
    [props.entity, props.editPage, props.onChange, props.loadNames],
  );
  return (
    <BehaviourContext.Provider value={scope}>
      <Form
        form={form}
        name="lifecycleDesigner"
        layout="inline"
        aria-label={t('modeling.lifecycleDesigner')}
        onValuesChange={report}
      >
        <Card size="small" title={t('modeling.lifecycle.basics')} style={{ width: '100%', marginBottom: 12 }}>
          <Space wrap>
            <Form.Item name="name" label={t('modeling.lifecycle.name')}>
              <Input aria-label={t('modeling.lifecycle.name')} disabled={!props.isNew} />
            </Form.Item>
            <Form.Item name="statusLookup" label={t('modeling.lifecycle.statusLookup')}>
              <Select
                aria-label={t('modeling.lifecycle.statusLookup')}
                showSearch
                optionFilterProp="search"
                options={lookupTypes}
                style={{ width: 260 }}
              />
            </Form.Item>
            <Form.Item name="states" label={t('modeling.lifecycle.states')}>
              <Select
                aria-label={t('modeling.lifecycle.states')}
                mode="tags"
                tokenSeparators={[',', ' ']}
                style={{ minWidth: 320 }}
              />
            </Form.Item>
            <Form.Item name="initial" label={t('modeling.lifecycle.initial')}>
              <Select aria-label={t('modeling.lifecycle.initial')} options={states} style={{ width: 140 }} />
            </Form.Item>
          </Space>
        </Card>
        <Card size="small" title={t('modeling.lifecycle.transitions')} style={{ width: '100%' }}>
          <TransitionsEditor states={states} errors={props.errors.filter((e) => e.document === props.docKey)} />
        </Card>
      </Form>
    </BehaviourContext.Provider>
  );
}
