/**
 * The page designer: title; for a list page its columns (order, title, width, GridConfig flags),
 * grid options and search fields; for edit/detail pages the form sections and the columns of each
 * line grid; the buttons offered.
 */
import { Button, Card, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useLabel } from '../i18n';
import { useTranslation } from 'react-i18next';
import type { EntityDef, PageAction, PageDef, TransitionDef } from '../meta';
import { ColumnsEditor, fieldOptionsOf } from './ColumnsEditor';
import type { PlacedError } from './draftErrors';
import { pageDocument, pageFormValues, type PageFormValues } from './pageDraft';
import { offeredActions } from './pageLayout';
import { useDraftForm } from './useDraftForm';

const GRID_FLAGS = ['isShowPage', 'selection', 'showIndex', 'operateSlot', 'toolbar', 'export'] as const;
const OPS = ['eq', 'like', 'gte', 'lte', 'between', 'in'];

interface Props {
  docKey: string;
  loadKey: string;
  page: PageDef;
  entity?: EntityDef;
  /** The transitions of the entity's lifecycle: their buttons are offered with the standard ones. */
  transitions: TransitionDef[];
  /** The line entities of the page's entity, by child name (children[].name). */
  lineEntities: Record<string, EntityDef>;
  errors: PlacedError[];
  onChange: (doc: PageDef) => void;
}

function SearchEditor({ fieldOptions }: { fieldOptions: { value: string }[] }) {
  const { t } = useTranslation();
  return (
    <Form.List name={['search', 'fields']}>
      {(rows, { add, remove }) => (
        <Space wrap>
          {rows.map(({ key, name }) => (
            <Space.Compact key={key}>
              <Form.Item name={[name, 'field']} style={{ marginBottom: 0 }}>
                <Select
                  aria-label={t('modeling.page.searchField')}
                  showSearch
                  optionFilterProp="label"
                  options={fieldOptions}
                  style={{ width: 150 }}
                />
              </Form.Item>
              <Form.Item name={[name, 'op']} style={{ marginBottom: 0 }}>
                <Select
                  aria-label={t('modeling.page.op')}
                  options={OPS.map((value) => ({ value }))}
                  style={{ width: 90 }}
                />
              </Form.Item>
              <Button danger onClick={() => remove(name)}>
                ×
              </Button>
            </Space.Compact>
          ))}
          <Button type="dashed" onClick={() => add({ op: 'eq' })}>
            {t('modeling.page.addSearch')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

function SectionsEditor({ fieldOptions }: { fieldOptions: { value: string }[] }) {
  const { t } = useTranslation();
  return (
    <Form.List name={['form', 'sections']}>
      {(rows, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {rows.map(({ key, name }) => (
            <Space key={key} wrap align="start">
              <Form.Item name={[name, 'title', 'cn']} label={t('modeling.page.sectionCn')} style={{ marginBottom: 0 }}>
                <Input style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name={[name, 'title', 'en']} label={t('modeling.page.sectionEn')} style={{ marginBottom: 0 }}>
                <Input style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name={[name, 'fields']} label={t('modeling.page.sectionFields')} style={{ marginBottom: 0 }}>
                <Select mode="multiple" options={fieldOptions} style={{ minWidth: 360 }} />
              </Form.Item>
              <Button type="link" danger onClick={() => remove(name)}>
                {t('modeling.field.remove')}
              </Button>
            </Space>
          ))}
          <Button type="dashed" onClick={() => add({ title: { cn: '', en: '' }, fields: [] })}>
            {t('modeling.page.addSection')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

function LinesEditor({
  page,
  lineEntities,
  onDefaults,
}: {
  page: PageDef;
  lineEntities: Record<string, EntityDef>;
  onDefaults: () => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <>
      {(page.form?.lines ?? []).map((line, i) =>
        line.widget ? null : (
          <Card
            key={line.child}
            size="small"
            title={`${t('modeling.page.lineColumns')} · ${label(line.title) || line.child}`}
            aria-label={`${t('modeling.page.lineColumns')} ${line.child}`}
            style={{ width: '100%', marginTop: 12 }}
          >
            <ColumnsEditor
              listPath={['form', 'lines', i, 'grid', 'columns']}
              fields={lineEntities[line.child]?.fields ?? []}
              line={{ readOnly: page.type === 'detail' }}
              onDefaults={onDefaults}
            />
          </Card>
        ),
      )}
    </>
  );
}

export function PageEditor(props: Props) {
  const { t } = useTranslation();
  const label = useLabel();
  const form = useDraftForm<PageFormValues>(props.docKey, props.loadKey, pageFormValues(props.page), props.errors);
  const fieldOptions = fieldOptionsOf(props.entity?.fields ?? []);
  const offered = offeredActions(props.page.type, props.transitions);
  const emit = () => props.onChange(pageDocument(form.getFieldsValue(true), props.page, offered));
  const isList = props.page.type === 'list';
  // The page's own buttons stay listed even when neither standard nor the lifecycle's (a hand-made one).
  const buttons = new Map<string, PageAction>([
    ...Object.entries(offered),
    ...(props.page.actions ?? []).map((a): [string, PageAction] => [a.resourceCode, a]),
  ]);
  return (
    <Form form={form} name="pageDesigner" layout="inline" aria-label={t('modeling.pageDesigner')} onValuesChange={emit}>
      <Card
        size="small"
        title={`${t(`modeling.pageType.${props.page.type}`)} · ${props.page.path}`}
        style={{ width: '100%', marginBottom: 12 }}
      >
        <Space wrap>
          <Form.Item name={['title', 'cn']} label={t('modeling.page.titleCn')}>
            <Input />
          </Form.Item>
          <Form.Item name={['title', 'en']} label={t('modeling.page.titleEn')}>
            <Input />
          </Form.Item>
          <Form.Item name="actionCodes" label={t('modeling.page.buttons')}>
            <Checkbox.Group
              options={[...buttons].map(([value, action]) => ({ value, label: `${value} ${label(action.label)}` }))}
            />
          </Form.Item>
        </Space>
      </Card>
      {isList && (
        <>
          <Card size="small" title={t('modeling.page.columns')} style={{ width: '100%', marginBottom: 12 }}>
            <ColumnsEditor listPath={['grid', 'columns']} fields={props.entity?.fields ?? []} onDefaults={emit} />
            <Space wrap style={{ marginTop: 8 }}>
              {GRID_FLAGS.map((flag) => (
                <Form.Item key={flag} name={['grid', flag]} valuePropName="checked">
                  <Checkbox>{t(`modeling.page.${flag}`)}</Checkbox>
                </Form.Item>
              ))}
              <Form.Item name={['grid', 'pageSize']} label={t('modeling.page.pageSize')}>
                <Select options={[20, 50, 100, 200, 500].map((value) => ({ value }))} style={{ width: 90 }} />
              </Form.Item>
            </Space>
          </Card>
          <Card size="small" title={t('modeling.page.search')} style={{ width: '100%' }}>
            <SearchEditor fieldOptions={fieldOptions} />
          </Card>
        </>
      )}
      {!isList && props.page.type !== 'custom' && (
        <Card size="small" title={t('modeling.page.sections')} style={{ width: '100%' }}>
          <Form.Item name={['form', 'columns']} label={t('modeling.page.formColumns')}>
            <InputNumber min={1} max={4} />
          </Form.Item>
          <SectionsEditor fieldOptions={fieldOptions} />
        </Card>
      )}
      {!isList && props.page.type !== 'custom' && (
        <LinesEditor page={props.page} lineEntities={props.lineEntities} onDefaults={emit} />
      )}
    </Form>
  );
}
