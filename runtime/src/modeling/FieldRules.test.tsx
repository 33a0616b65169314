import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/App';
import type { FieldDef } from '../meta';
import { FieldsEditor } from './FieldsEditor';

const fields: FieldDef[] = [
  { name: 'contactMail', type: 'string', length: 100, label: { cn: '邮箱', en: 'Mail' } },
  { name: 'itemCount', type: 'integer', label: { cn: '数量', en: 'Count' } },
];

function Harness({ onValues }: { onValues: (fields: FieldDef[]) => void }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ fields }} onValuesChange={() => onValues(form.getFieldsValue(true).fields)}>
      <FieldsEditor
        lookupTypes={[]}
        entityNames={[]}
        targetFields={() => []}
        published={new Set()}
        onRetire={() => undefined}
        onPurge={() => undefined}
      />
    </Form>
  );
}

describe('field validation rules in the entity designer', () => {
  it("sets a string field's validator and maximum length, and offers a number field only number rules", async () => {
    let values: FieldDef[] = fields;
    render(
      <AppProviders>
        <Harness
          onValues={(v) => {
            values = v;
          }}
        />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: '校验规则 contactMail' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '校验器' }));
    fireEvent.click(await screen.findByTitle('邮箱'));
    fireEvent.change(screen.getByRole('spinbutton', { name: '最大长度' }), { target: { value: '80' } });
    await waitFor(() => expect(values[0]).toMatchObject({ validator: 'email', maxLength: 80 }));

    fireEvent.click(screen.getByRole('button', { name: '校验规则 itemCount' }));
    expect(await screen.findByRole('spinbutton', { name: '最小值' })).toBeTruthy();
    expect(screen.getAllByRole('textbox', { name: '正则表达式' })).toHaveLength(1); // only the string field's popover has one
  });
});
