/**
 * The list page's search form (page.search) with Search and Reset buttons. Like antd Pro's
 * query filter it opens collapsed — the first COLLAPSED_SEARCH_FIELDS fields and "展开 / Expand"
 * — so the grid starts high on the screen; hidden fields keep their values and still search.
 */
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { Form } from '@formily/core';
import type { ISchema } from '@formily/react';
import { Button, Card, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n';
import type { EntityDef, PageDef } from '../meta';
import { stripFormilyInternals } from '../schema/cleanRecord';
import { buildSearchSchema } from '../schema/searchSchema';
import { RecordForm } from './RecordForm';
import { useLanguageForm } from './useLanguageForm';

export interface SearchFormProps {
  page: PageDef;
  entity: EntityDef;
  entities: Record<string, EntityDef>;
  onSearch: (values: Record<string, unknown>) => void;
  /** Values the form opens with (the page's URL query). */
  initialValues?: Record<string, unknown>;
}

/** Fields shown while the form is collapsed: one row of a 1024 px screen. */
export const COLLAPSED_SEARCH_FIELDS = 3;

/** Whether the field at `index` is folded away ('hidden' keeps its value, unlike 'none'). */
function displayAt(index: number, collapsed: boolean): 'visible' | 'hidden' {
  return collapsed && index >= COLLAPSED_SEARCH_FIELDS ? 'hidden' : 'visible';
}

/** Lays the search fields out on a grid (a void node: values keep their field names). */
function onGrid(schema: ISchema, collapsed: boolean): ISchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property], index) => [
      name,
      { ...(property as ISchema), 'x-display': displayAt(index, collapsed) },
    ]),
  );
  return {
    type: 'object',
    properties: {
      searchGrid: {
        type: 'void',
        'x-component': 'FormGrid',
        'x-component-props': { maxColumns: 4, minWidth: 220, columnGap: 16 },
        properties,
      },
    },
  };
}

/** The schema sets the first display; fields already made follow a toggle through their state. */
function useFolding(form: Form, names: string[], collapsed: boolean): void {
  useEffect(() => {
    names.forEach((name, index) =>
      form.setFieldState(name, (state) => {
        state.display = displayAt(index, collapsed);
      }),
    );
  }, [form, names, collapsed]);
}

export function SearchForm({ page, entity, entities, onSearch, initialValues }: SearchFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  // One array per page: a fresh [] on every render would rebuild the schema each time.
  const fields = useMemo(() => page.search?.fields ?? [], [page.search?.fields]);
  const form = useLanguageForm(false, initialValues);
  const [collapsed, setCollapsed] = useState(true);
  const schema = useMemo(
    () => onGrid(buildSearchSchema({ fields, entity, entities, language }), collapsed),
    [fields, entity, entities, language, collapsed],
  );
  const names = useMemo(() => fields.map((field) => field.field), [fields]);
  useFolding(form, names, collapsed);
  if (fields.length === 0) return null;
  const search = () => onSearch(stripFormilyInternals({ ...form.values }));
  const reset = () => {
    void form.reset('*', { forceClear: true });
    onSearch({});
  };
  return (
    <Card size="small" style={{ marginBottom: 12 }}>
      <div
        role="search"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') search();
        }}
      >
        <RecordForm form={form} schema={schema} />
        <Space>
          <Button type="primary" onClick={search}>
            {t('common.search')}
          </Button>
          <Button onClick={reset}>{t('common.reset')}</Button>
          {fields.length > COLLAPSED_SEARCH_FIELDS && (
            <Button type="link" aria-expanded={!collapsed} onClick={() => setCollapsed(!collapsed)}>
              {collapsed ? t('common.expand') : t('common.collapse')}{' '}
              {collapsed ? <DownOutlined aria-hidden /> : <UpOutlined aria-hidden />}
            </Button>
          )}
        </Space>
      </div>
    </Card>
  );
}
