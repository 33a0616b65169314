/**
 * The buttons of one grid row: at most INLINE_ROW_ACTIONS as icons, the rest folded into a
 * "更多 / More" menu — so the fixed operate column stays narrow and a 1024 px screen keeps its
 * data columns in view (issue 33, item 11). Every icon carries its action's label as its
 * accessible name and as a tooltip, in the user's language.
 */
import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActionState } from '../core/pageActions';
import { useLabel } from '../i18n';
import type { PageAction } from '../meta';
import { busyText } from './ActionButtons';
import { actionIcon } from './actionIcons';

export const INLINE_ROW_ACTIONS = 2;

/** Inline actions and the folded rest: nothing folds while all fit (a "more" for one action would save nothing). */
export function splitRowActions(
  actions: ActionState[],
  inline = INLINE_ROW_ACTIONS,
): { shown: ActionState[]; folded: ActionState[] } {
  if (actions.length <= inline) return { shown: actions, folded: [] };
  return { shown: actions.slice(0, inline), folded: actions.slice(inline) };
}

const keyOf = (action: PageAction) => `${action.action}-${action.resourceCode}`;

export interface RowActionsProps {
  actions: ActionState[];
  onRun: (action: PageAction) => void;
}

/** One inline action: its icon (a spinner and the percent while a file action runs), named and with a tooltip. */
function RowActionIcon({ state, onRun }: { state: ActionState; onRun: (action: PageAction) => void }) {
  const label = useLabel();
  const { action, disabled, busy, percent } = state;
  const Icon = actionIcon(action);
  const name = label(action.label);
  return (
    <Tooltip title={busyText(name, busy, percent)}>
      <Button
        size="small"
        type="link"
        danger={action.danger}
        disabled={disabled}
        loading={busy}
        icon={busy ? undefined : <Icon aria-hidden />}
        aria-label={name}
        aria-busy={busy || undefined}
        onClick={() => onRun(action)}
      >
        {busy && percent !== undefined ? `${percent}%` : null}
      </Button>
    </Tooltip>
  );
}

export function RowActions({ actions, onRun }: RowActionsProps) {
  const label = useLabel();
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  const { shown, folded } = splitRowActions(actions);
  const menu: MenuProps = {
    items: folded.map(({ action, disabled, busy, percent }) => ({
      key: keyOf(action),
      label: busyText(label(action.label), busy, percent),
      danger: action.danger,
      disabled: disabled || busy,
    })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      const chosen = folded.find(({ action }) => keyOf(action) === key);
      if (chosen) onRun(chosen.action);
    },
  };
  return (
    <Space size={0} onClick={(event) => event.stopPropagation()}>
      {shown.map((state) => (
        <RowActionIcon key={keyOf(state.action)} state={state} onRun={onRun} />
      ))}
      {folded.length > 0 && (
        <Dropdown trigger={['click']} menu={menu}>
          <Tooltip title={t('common.more')}>
            <Button size="small" type="link" aria-label={t('common.more')} icon={<EllipsisOutlined aria-hidden />} />
          </Tooltip>
        </Dropdown>
      )}
    </Space>
  );
}
