/**
 * The icon of a row action (issue 33, item 11): the row's actions show as icons, named for screen
 * readers and with their label as a tooltip, so the operate column stays narrow. Page actions
 * declare no icon: the words of the action's name choose it (doApproveInvoice → approve), in this
 * order, so that "invalid" is read before "valid" and "reject" before "update".
 */
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ExportOutlined,
  EyeOutlined,
  PlayCircleOutlined,
  PrinterOutlined,
  RollbackOutlined,
  SendOutlined,
  StopOutlined,
  ThunderboltOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { PageAction } from '../meta';

type Icon = ComponentType<{ 'aria-hidden'?: boolean }>;

const ICON_BY_WORD: Array<[RegExp, Icon]> = [
  [/view|find|info/, EyeOutlined],
  [/delete/, DeleteOutlined],
  [/reject|refuse|disagree|failed/, CloseCircleOutlined],
  [/invalid|disable|expire|close/, StopOutlined],
  [/withdraw|cancel|rollback/, RollbackOutlined],
  [/approv|agree|confirm|passed|accept|acknowledge|sign|handle/, CheckCircleOutlined],
  [/edit|revise|update|setup|rectification|reset/, EditOutlined],
  [/submit|send|remind|ship|feedback|ask|release|publish/, SendOutlined],
  [/print|pring/, PrinterOutlined],
  [/export|download/, DownloadOutlined],
  [/upload|add.*file/, UploadOutlined],
  [/copy/, CopyOutlined],
  [/enable|valid|open|run|arrive|receive/, PlayCircleOutlined],
];

export function actionIcon(action: Pick<PageAction, 'action' | 'page' | 'file' | 'upload'>): Icon {
  if (action.action === 'openPage') return /print/i.test(action.page ?? '') ? PrinterOutlined : ExportOutlined;
  if (action.file) return DownloadOutlined;
  if (action.upload) return UploadOutlined;
  const name = action.action.toLowerCase();
  return ICON_BY_WORD.find(([words]) => words.test(name))?.[1] ?? ThunderboltOutlined;
}
