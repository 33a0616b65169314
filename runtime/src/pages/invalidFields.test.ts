import { createForm, type IFormFeedback } from '@formily/core';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { describeInvalidFields } from './invalidFields';

async function failures(form: ReturnType<typeof createForm>): Promise<IFormFeedback[]> {
  try {
    await form.validate();
    return [];
  } catch (feedbacks) {
    return feedbacks as IFormFeedback[];
  }
}

function requisitionForm() {
  const form = createForm();
  form.createField({ name: 'title', title: '标题', required: true, validator: [{ required: true, message: '必填' }] });
  form.createArrayField({ name: 'lines', value: [{}, {}] });
  form.createField({ name: 'lines.1.quantity', title: '需求数量', validator: [{ validator: () => '不能小于 1' }] });
  return form;
}

describe('describeInvalidFields', () => {
  it('names each invalid field (and its line) with the rule it broke', async () => {
    const form = requisitionForm();
    const text = describeInvalidFields(form, await failures(form), i18n.getFixedT('CN'));
    expect(text).toBe('请检查标红的字段：「标题」必填；第 2 行「需求数量」不能小于 1');
  });

  it('in English too', async () => {
    const form = requisitionForm();
    const text = describeInvalidFields(form, await failures(form), i18n.getFixedT('EN'));
    expect(text).toBe('Check the fields marked in red. 标题: 必填; Line 2, 需求数量: 不能小于 1');
  });

  it('names three and says there are more', async () => {
    const form = createForm();
    for (const name of ['a', 'b', 'c', 'd'])
      form.createField({ name, title: name.toUpperCase(), validator: [{ validator: () => 'x' }] });
    const text = describeInvalidFields(form, await failures(form), i18n.getFixedT('CN'));
    expect(text).toBe('请检查标红的字段：「A」x；「B」x；「C」x…');
  });

  it('falls back to the plain message when nothing is named', () => {
    expect(describeInvalidFields(createForm(), [], i18n.getFixedT('CN'))).toBe('请检查标红的字段');
  });
});
