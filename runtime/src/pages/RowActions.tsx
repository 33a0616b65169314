/**
 * The buttons of one grid row: at most INLINE_ROW_ACTIONS as links, the rest folded into a
 * "更多 / More" menu — so the fixed operate column stays narrow and a 1024 px screen keeps
 * its data columns in view (what an antd Pro table does).
 */
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActionState } from '../core/pageActions';
import { useLabel } from '../i18n';
import type { PageAction } from '../meta';
import { busyText } from './ActionButtons';

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
      {shown.map(({ action, disabled, busy, percent }) => (
        <Button
          key={keyOf(action)}
          size="small"
          type="link"
          danger={action.danger}
          disabled={disabled}
          loading={busy}
          aria-label={label(action.label)}
          aria-busy={busy || undefined}
          onClick={() => onRun(action)}
        >
          {busyText(label(action.label), busy, percent)}
        </Button>
      ))}
      {folded.length > 0 && (
        <Dropdown trigger={['click']} menu={menu}>
          <Button size="small" type="link">
            {t('common.more')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
