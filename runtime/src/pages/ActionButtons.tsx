/** Buttons for page actions; their accessible names are the metadata labels. */
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
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

/**
 * The export button (Excel) with its other format beside it: CSV runs as the client action
 * `exportCsv` under the same button resource, so the same grant covers both.
 */
function ExportButton({
  state,
  onRun,
  size,
}: {
  state: ActionState;
  onRun: (action: PageAction) => void;
  size?: 'small' | 'middle';
}) {
  const label = useLabel();
  const { t } = useTranslation();
  const { action, disabled } = state;
  const type = action.buttonType ?? 'default';
  return (
    <Space.Compact>
      <Button size={size} type={type} disabled={disabled} onClick={() => onRun(action)}>
        {label(action.label)}
      </Button>
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{
          items: [{ key: 'exportCsv', label: t('export.csv') }],
          onClick: () => onRun({ ...action, action: 'exportCsv' }),
        }}
      >
        <Button size={size} type={type} disabled={disabled} icon={<DownOutlined />} aria-label={t('export.formats')} />
      </Dropdown>
    </Space.Compact>
  );
}

/** A button's text while its upload runs: the label and how far it is. */
export function busyText(text: string, busy: boolean | undefined, percent: number | undefined): string {
  return busy && percent !== undefined ? `${text} ${percent}%` : text;
}

export function ActionButtons({ actions, onRun, size, asLinks }: ActionButtonsProps) {
  const label = useLabel();
  if (actions.length === 0) return null;
  return (
    <Space size={asLinks ? 0 : 8} wrap>
      {actions.map(({ action, disabled, busy, percent }) =>
        !asLinks && action.action === 'export' ? (
          <ExportButton
            key={`${action.action}-${action.resourceCode}`}
            state={{ action, disabled }}
            onRun={onRun}
            size={size}
          />
        ) : (
          <Button
            key={`${action.action}-${action.resourceCode}`}
            size={size}
            type={asLinks ? 'link' : (action.buttonType ?? 'default')}
            danger={action.danger}
            disabled={disabled}
            // A running file action: loading (antd ignores presses meanwhile). The name stays the label: antd may
            // leave its loading icon in the button after a quick run, and the text carries the upload's percent.
            loading={busy}
            aria-label={label(action.label)}
            aria-busy={busy || undefined}
            onClick={(event) => {
              event.stopPropagation();
              onRun(action);
            }}
          >
            {busyText(label(action.label), busy, percent)}
          </Button>
        ),
      )}
    </Space>
  );
}
