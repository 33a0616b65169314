import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test/render';
import { createFakeProvider } from '../test/fakeProvider';
import type { EntityDef, LifecycleDef } from '../meta';
import type { PlacedError } from './draftErrors';
import { newEntity } from './entityDraft';
import { LifecycleEditor } from './LifecycleEditor';
import { newLifecycle, withLifecycle } from './lifecycleDraft';

const base = newEntity('srmDemoNote', { cn: '备忘', en: 'Note' });
const entity: EntityDef = withLifecycle(
  {
    ...base,
    fields: [
      ...base.fields,
      { name: 'dueDate', type: 'date', label: { cn: '到期日', en: 'Due on' } },
      { name: 'amount', type: 'money', label: { cn: '金额', en: 'Amount' } },
    ] as EntityDef['fields'],
  },
  newLifecycle(base),
);
const flow = newLifecycle(base);

const NAMES = {
  responsibilities: [{ code: 'MANAGER_RESP', name: '采购经理', nameEn: 'Purchasing manager' }],
  roles: [{ code: 'APPROVER', name: '审批人', nameEn: 'Approver' }],
  menus: [{ code: 'DEMO_NOTES', name: '备忘台账', nameEn: 'Notes' }],
};
const loadNames = () => Promise.resolve(NAMES);

function renderEditor(lifecycle: LifecycleDef) {
  const onChange = vi.fn();
  const provider = createFakeProvider({
    findDic: async () => ({
      SYS_TOBEDO: [{ lookupCode: 'SLC_CHANGE_INFO', meaning: '信息变更' }],
      BASE_NOTIFICATION_TYPE: [{ lookupCode: 'APPROVAL', meaning: '审批' }],
    }),
  });
  const editor = (shown: PlacedError[]) => (
    <TestProviders provider={provider}>
      <LifecycleEditor
        docKey="lifecycle:srmDemoNoteFlow"
        loadKey="lifecycle:srmDemoNoteFlow@new"
        lifecycle={lifecycle}
        isNew
        errors={shown}
        onChange={onChange}
        entity={entity}
        editPage="demoNotesEdit"
        loadNames={loadNames}
      />
    </TestProviders>
  );
  const { rerender } = render(editor([]));
  // As in the designer: the server's errors come after the document is shown (validate, publish).
  const showErrors = (errors: PlacedError[]) => rerender(editor(errors));
  return { onChange, showErrors };
}

async function pick(select: HTMLElement, title: string) {
  fireEvent.mouseDown(select);
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options[options.length - 1]);
}

const behaviour = () => screen.getByRole('button', { name: /^行为/ });

// Many antd selects per test: slow on a loaded machine.
describe('the behaviour of a transition', { timeout: 60_000 }, () => {
  it('is folded; opened, it names the stamp and adds a to-do for approvers picked by name, linked to the edit page', async () => {
    const { onChange } = renderEditor({ ...flow, transitions: [flow.transitions[0]] });
    expect(screen.queryByRole('button', { name: '新增待办' })).toBeNull();
    fireEvent.click(behaviour());
    expect(screen.getByText('记录提交人')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新增待办' }));
    const todo = await screen.findByLabelText('待办', { selector: '.ant-space' });
    await pick(within(todo).getByRole('combobox', { name: '待办类型' }), '信息变更');
    await pick(within(todo).getByRole('combobox', { name: '职责' }), '采购经理');
    fireEvent.change(within(todo).getByRole('textbox', { name: '中文标题' }), { target: { value: '{title} 待审批' } });
    await pick(within(todo).getByRole('combobox', { name: '打开菜单' }), '备忘台账');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({
          transitions: [
            expect.objectContaining({
              action: 'doSubmit',
              effects: [
                'stampSubmitter',
                {
                  openTodo: {
                    billType: 'SLC_CHANGE_INFO',
                    to: { approvers: { responsibilities: ['MANAGER_RESP'] } },
                    title: { cn: '{title} 待审批' },
                    menuCode: 'DEMO_NOTES',
                    link: 'demoNotesEdit?id={id}',
                  },
                },
              ],
            }),
          ],
        }),
      ),
    );
  });

  it('adds a guard on a numeric field and a timer on a date field picked by label', async () => {
    const { onChange } = renderEditor({ ...flow, transitions: [flow.transitions[1]] });
    fireEvent.click(behaviour());
    fireEvent.click(screen.getByRole('button', { name: '新增校验' }));
    await pick(await screen.findByRole('combobox', { name: '校验字段' }), '金额');
    await pick(screen.getByRole('combobox', { name: '比较' }), '大于');
    fireEvent.change(screen.getByRole('textbox', { name: '比较值' }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('textbox', { name: '中文提示' }), { target: { value: '金额必须大于零' } });
    fireEvent.click(screen.getByRole('button', { name: '新增定时' }));
    await pick(await screen.findByRole('combobox', { name: '到期日期字段' }), '到期日');
    fireEvent.change(screen.getByRole('spinbutton', { name: '加天数' }), { target: { value: '7' } });
    fireEvent.change(screen.getByRole('textbox', { name: '中文说明' }), { target: { value: '到期自动处理' } });
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({
          transitions: [
            expect.objectContaining({
              checks: [{ record: { field: 'amount', op: 'gt', value: 0 }, message: { cn: '金额必须大于零' } }],
              timer: { at: '01:00', due: { field: 'dueDate', offsetDays: 7 }, comment: { cn: '到期自动处理' } },
            }),
          ],
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '移除定时' }));
    await waitFor(() => expect(onChange.mock.lastCall?.[0].transitions[0].timer).toBeUndefined());
  });

  it('writes fields: a typed value, the date of the transition, another field; a value it does not edit is kept', async () => {
    const kept = { set: { title: { field: 'dueDate', addDays: 3 } } };
    const { onChange } = renderEditor({ ...flow, transitions: [{ ...flow.transitions[1], effects: [kept] }] });
    fireEvent.click(behaviour());
    expect(screen.getByText('保持原设置：{"field":"dueDate","addDays":3}')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新增写入字段' }));
    const effects = await screen.findAllByLabelText('写入字段', { selector: '.ant-space' });
    const added = effects[effects.length - 1];
    await pick(within(added).getByRole('combobox', { name: '字段' }), '金额');
    fireEvent.change(within(added).getByRole('textbox', { name: '值' }), { target: { value: '12.5' } });
    fireEvent.click(within(added).getByRole('button', { name: '新增字段' }));
    const rows = within(added).getAllByLabelText('写入的字段', { selector: '.ant-space' });
    await pick(within(rows[1]).getByRole('combobox', { name: '字段' }), '到期日');
    await pick(within(rows[1]).getByRole('combobox', { name: '写入内容' }), '当天日期');
    await waitFor(() =>
      expect(onChange.mock.lastCall?.[0].transitions[0].effects).toEqual([
        kept,
        { set: { amount: 12.5, dueDate: { now: 'date' } } },
      ]),
    );
    await pick(within(rows[0]).getByRole('combobox', { name: '写入内容' }), '另一字段的值');
    await pick(within(rows[0]).getByRole('combobox', { name: '取自字段' }), '到期日');
    fireEvent.click(within(rows[1]).getByRole('button', { name: '移除字段' }));
    await waitFor(() =>
      expect(onChange.mock.lastCall?.[0].transitions[0].effects[1]).toEqual({ set: { amount: { field: 'dueDate' } } }),
    );
  });

  it("opens by itself at the server's problem and shows it on the item it names; other effects stay in words", async () => {
    const set = { setLines: { lines: 'items', set: { approvedOn: { now: 'date' as const } } } };
    const timed = {
      ...flow.transitions[0],
      effects: ['stampSubmitter' as const, set],
      timer: { at: '01:00', due: { field: 'title', offsetDays: 1 }, comment: { cn: '自动', en: 'auto' } },
    };
    const error: PlacedError = {
      document: 'lifecycle:srmDemoNoteFlow',
      path: ['transitions', 0, 'timer', 'due', 'field'],
      message: '"title" of srmDemoNote is a string, not a date or datetime',
    };
    const { showErrors } = renderEditor({ ...flow, transitions: [timed] });
    await screen.findByRole('button', { name: /^行为/ });
    expect(screen.queryByRole('button', { name: '移除定时' })).toBeNull();
    showErrors([error]);
    expect(await screen.findByText(error.message)).toBeTruthy();
    expect(screen.getByText('写入 items 行的字段：approvedOn')).toBeTruthy();
  });
});
