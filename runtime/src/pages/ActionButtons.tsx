/** Buttons for page actions; their accessible names are the metadata labels. */
import { Button, Space } from 'antd';
import type { ActionState } from '../core/pageActions';
import { useLabel } from '../i18n';
import type { PageAction } from '../meta';

export interface ActionButtonsProps {
  actions: ActionState[];
  onRun: (action: PageAction) => void;
  size?: 'small' | 'middle';
  /** Row buttons render as links to keep rows compact. */
  asLinks?: boolean;
}

export function ActionButtons({ actions, onRun, size, asLinks }: ActionButtonsProps) {
  const label = useLabel();
  if (actions.length === 0) return null;
  return (
    <Space size={asLinks ? 0 : 8} wrap>
      {actions.map(({ action, disabled }) => (
        <Button
          key={`${action.action}-${action.resourceCode}`}
          size={size}
          type={asLinks ? 'link' : (action.buttonType ?? 'default')}
          danger={action.danger}
          disabled={disabled}
          onClick={(event) => {
            event.stopPropagation();
            onRun(action);
          }}
        >
          {label(action.label)}
        </Button>
      ))}
    </Space>
  );
}
