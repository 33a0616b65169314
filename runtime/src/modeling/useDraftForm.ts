/**
 * A designer form bound to one draft document: loads the values when another document opens,
 * reports every change, and shows the server's errors on the items they name.
 */
import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import type { PlacedError } from './draftErrors';

/** `loadKey` changes when the document is (re)loaded from outside the form: another document, a new version. */
export function useDraftForm<T>(docKey: string, loadKey: string, values: T, errors: PlacedError[]): FormInstance<T> {
  const [form] = Form.useForm<T>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values as never);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another document opens: while typing, the form is the source of the values
  }, [loadKey]);
  useEffect(() => {
    const mine = errors.filter((e) => e.document === docKey && e.path);
    const cleared = form
      .getFieldsError()
      .filter((f) => f.errors.length)
      .map((f) => ({ name: f.name, errors: [] as string[] }));
    const grouped = new Map<string, { name: (string | number)[]; errors: string[] }>();
    for (const e of mine) {
      const id = JSON.stringify(e.path);
      if (!grouped.has(id)) grouped.set(id, { name: e.path!, errors: [] });
      grouped.get(id)!.errors.push(e.message);
    }
    form.setFields([...cleared, ...grouped.values()] as never);
  }, [errors, docKey, form]);
  return form;
}
