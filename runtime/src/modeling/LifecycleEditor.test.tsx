import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test/render';
import { createFakeProvider } from '../test/fakeProvider';
import { newEntity } from './entityDraft';
import { LifecycleEditor } from './LifecycleEditor';
import { newLifecycle } from './lifecycleDraft';

const flow = newLifecycle(newEntity('srmDemoNote', { cn: '备忘', en: 'Note' }));
const lookupTypes = [
  { lookupType: 'SRM_APPROVE_STATUS', meaning: '审批状态' },
  { lookupType: 'SRM_VALID_STATUS', meaning: '有效状态' },
];

function renderEditor(lifecycle = flow, onChange = vi.fn()) {
  const provider = createFakeProvider({
    listByPage: async () => ({ rows: lookupTypes, page: { count: 2, pageIndex: 1, pageRows: 500 } }),
  });
  render(
    <TestProviders provider={provider}>
      <LifecycleEditor
        docKey="lifecycle:srmDemoNoteFlow"
        loadKey="lifecycle:srmDemoNoteFlow@new"
        lifecycle={lifecycle}
        isNew
        errors={[]}
        onChange={onChange}
      />
    </TestProviders>,
  );
  return { onChange, provider };
}

/** Opens an antd Select and picks the option with this title. */
async function pick(select: HTMLElement, title: string) {
  fireEvent.mouseDown(select);
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options[options.length - 1]); // the open dropdown is the last one rendered
}

describe('lifecycle designer', () => {
  it("adds a withdraw transition whose states are picked from the lifecycle's states", async () => {
    const submitOnly = { ...flow, transitions: [flow.transitions[0]] }; // fewer rows: every change re-renders them all
    const { onChange } = renderEditor(submitOnly);
    const transitions = screen.getByLabelText('流转');
    fireEvent.click(within(transitions).getByRole('button', { name: '新增流转' }));
    fireEvent.change(within(transitions).getAllByRole('textbox', { name: '动作' })[1], {
      target: { value: 'doWithdraw' },
    });
    await pick(within(transitions).getAllByRole('combobox', { name: '起始状态' })[1], 'SUBMITTED');
    await pick(within(transitions).getAllByRole('combobox', { name: '目标状态' })[1], 'DRAFT');
    fireEvent.change(within(transitions).getAllByRole('textbox', { name: '按钮资源' })[1], {
      target: { value: 'btnWithdraw' },
    });
    fireEvent.change(within(transitions).getAllByRole('textbox', { name: '中文名称' })[1], {
      target: { value: '撤回' },
    });
    fireEvent.click(within(transitions).getAllByRole('checkbox', { name: '仅提交人' })[1]);
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({
          kind: 'lifecycle',
          name: 'srmDemoNoteFlow',
          transitions: [
            flow.transitions[0],
            {
              action: 'doWithdraw',
              from: ['SUBMITTED'],
              to: 'DRAFT',
              resourceCode: 'btnWithdraw',
              label: { cn: '撤回' },
              submitterOnly: true,
            },
          ],
        }),
      ),
    );
  });

  it('offers the seeded lookup types for the status lookup, removes a transition, and keeps the approval rule it does not edit', async () => {
    const approvalRule = {
      billType: 'SLC_CHANGE_INFO',
      menuCode: 'DEMO_NOTES',
      billLink: 'demoNoteEdit?id={id}',
      title: { cn: '待审批', en: 'To approve' },
      approvers: { roles: ['MANAGER'] },
    };
    const { onChange, provider } = renderEditor({ ...flow, approvalRule });
    await waitFor(() =>
      expect(provider.listByPage).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'baseLookupType' }),
        expect.anything(),
      ),
    );
    await pick(screen.getByRole('combobox', { name: '状态值集' }), 'SRM_VALID_STATUS 有效状态');
    fireEvent.click(screen.getAllByRole('button', { name: '移除流转' })[0]);
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({
          statusLookup: 'SRM_VALID_STATUS',
          transitions: flow.transitions.slice(1),
          approvalRule,
        }),
      ),
    );
    expect(screen.getByRole('textbox', { name: '状态流名称' })).toHaveProperty('disabled', false);
  });
});
