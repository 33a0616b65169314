/** The list page's search form (page.search) with Search and Reset buttons. */
import type { ISchema } from '@formily/react';
import { Button, Card, Space } from 'antd';
import { useMemo } from 'react';
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
}

/** Lays the search fields out on a grid (a void node: values keep their field names). */
function onGrid(schema: ISchema): ISchema {
  return {
    type: 'object',
    properties: {
      searchGrid: {
        type: 'void',
        'x-component': 'FormGrid',
        'x-component-props': { maxColumns: 4, minWidth: 220, columnGap: 16 },
        properties: schema.properties,
      },
    },
  };
}

export function SearchForm({ page, entity, entities, onSearch }: SearchFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const fields = page.search?.fields ?? [];
  const form = useLanguageForm();
  const schema = useMemo(
    () => onGrid(buildSearchSchema({ fields, entity, entities, language })),
    [fields, entity, entities, language],
  );
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
        </Space>
      </div>
    </Card>
  );
}
