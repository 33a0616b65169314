/**
 * A titled block of form fields in responsive columns, as antd Pro forms lay them out: the
 * section's `columns` (FormDef.columns) on wide screens, fewer as the window narrows, one on a
 * phone. The columns follow the window through antd's Grid breakpoints (CSS media queries), so a
 * form measures nothing: it is laid out alike in a modal, a kept-alive tab or a hidden one.
 * A field's gridSpan (FormField.span) covers that many columns; -1 (long texts, rich text,
 * attachments) the whole row.
 */
import type { ISchema } from '@formily/react';
import { observer, RecursionField, useField, useFieldSchema, useForm } from '@formily/react';
import { Col, Row, Typography, type ColProps } from 'antd';

export interface FormSectionProps {
  title?: string;
  columns?: number;
}

type Breakpoint = 'xs' | 'lg' | 'xl' | 'xxl';

/** Column width (of 24) per breakpoint for each column count: lg ≥ 992 px, xl ≥ 1200 px, xxl ≥ 1600 px. */
const COLUMN_WIDTHS: Record<number, Partial<Record<Breakpoint, number>>> = {
  1: { xs: 24 },
  2: { xs: 24, lg: 12 },
  3: { xs: 24, lg: 12, xl: 8 },
  4: { xs: 24, lg: 12, xl: 8, xxl: 6 },
};

/** antd Col props of a field covering `span` of the section's `columns` (span -1 or ≥ columns: the whole row). */
export function columnProps(columns: number, span = 1): ColProps {
  const widths = COLUMN_WIDTHS[Math.min(Math.max(columns, 1), 4)];
  const full = span < 0 || span >= columns;
  return Object.fromEntries(
    Object.entries(widths).map(([breakpoint, width]) => [breakpoint, full ? 24 : Math.min(24, width * span)]),
  );
}

function spanOf(schema: ISchema): number | undefined {
  return (schema['x-decorator-props'] as { gridSpan?: number } | undefined)?.gridSpan;
}

/** One field's cell; a field hidden (x-display, or by a rule) leaves no empty cell behind. */
const FieldCell = observer(function FieldCell({
  name,
  schema,
  columns,
}: {
  name: string;
  schema: ISchema;
  columns: number;
}) {
  const form = useForm();
  const section = useField();
  const field = form.query(`${section.address.toString()}.${name}`).take();
  if (field && !field.visible) return <RecursionField name={name} schema={schema} />;
  return (
    <Col {...columnProps(columns, spanOf(schema))}>
      <RecursionField name={name} schema={schema} />
    </Col>
  );
});

export function FormSection({ title, columns = 3 }: FormSectionProps) {
  const schema = useFieldSchema();
  const cells = schema.mapProperties((child, name) => (
    <FieldCell key={String(name)} name={String(name)} schema={child as ISchema} columns={columns} />
  ));
  return (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      {title && (
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
      )}
      <Row gutter={24}>{cells}</Row>
    </section>
  );
}
