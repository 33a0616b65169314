/** Renders a Formily form from a schema with the registered widgets (edit, detail and modal). */
import { FormLayout, PreviewText } from '@formily/antd-v5';
import type { Form } from '@formily/core';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { useMemo } from 'react';
import { useWidgetRegistry } from '../widgets/WidgetRegistryContext';

const SchemaField = createSchemaField();

export interface RecordFormProps {
  form: Form;
  schema: ISchema;
  layout?: 'vertical' | 'horizontal';
}

export function RecordForm({ form, schema, layout = 'vertical' }: RecordFormProps) {
  const registry = useWidgetRegistry();
  const components = useMemo(() => registry.components(), [registry]);
  return (
    <FormProvider form={form}>
      {/* Empty read-pretty values show a dash, in both languages, instead of Formily's "N/A". */}
      <PreviewText.Placeholder value="-">
        <FormLayout layout={layout} colon={false}>
          <SchemaField schema={schema} components={components} />
        </FormLayout>
      </PreviewText.Placeholder>
    </FormProvider>
  );
}
