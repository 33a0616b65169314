/** A titled block of form fields laid out on Formily's responsive grid. */
import { FormGrid } from '@formily/antd-v5';
import { Typography } from 'antd';
import type { ReactNode } from 'react';

export interface FormSectionProps {
  title?: string;
  columns?: number;
  children?: ReactNode;
}

export function FormSection({ title, columns = 3, children }: FormSectionProps) {
  return (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      {title && (
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
      )}
      <FormGrid maxColumns={columns} minColumns={1} minWidth={240} columnGap={24}>
        {children}
      </FormGrid>
    </section>
  );
}
