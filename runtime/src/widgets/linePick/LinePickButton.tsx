/**
 * "Add from …" on a line grid's toolbar (FormLines.pick): a button that opens the source rows in a
 * modal and appends the chosen ones as lines. State in useLinePick; rows in LinePickTable.
 */
import { ImportOutlined } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
import type { LinePickProps } from '../../schema/linePickProps';
import { LinePickTable } from './LinePickTable';
import { useLinePick } from './useLinePick';

export function LinePickButton({ props, lineNumField }: { props: LinePickProps; lineNumField?: string }) {
  const picker = useLinePick(props, lineNumField);
  if (!picker.visible) return null;
  return (
    <>
      <Button icon={<ImportOutlined aria-hidden />} {...picker.buttonProps} />
      <Modal {...picker.modalProps}>
        <div data-testid={`line-pick-${props.pick.entity}`}>
          {picker.missing ? (
            <Alert type="warning" showIcon message={picker.missing} />
          ) : (
            picker.query && <LinePickTable props={props} filter={picker.query.filter} selection={picker.selection} />
          )}
        </div>
      </Modal>
    </>
  );
}
