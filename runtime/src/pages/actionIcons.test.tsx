import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlayCircleOutlined,
  PrinterOutlined,
  RollbackOutlined,
  SendOutlined,
  StopOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { describe, expect, it } from 'vitest';
import { actionIcon } from './actionIcons';

const icon = (action: string, page?: string) => actionIcon({ action, page });

describe('the icon of a row action, by the words of its name', () => {
  it('gives the common actions their usual icons', () => {
    expect(icon('view')).toBe(EyeOutlined);
    expect(icon('edit')).toBe(EditOutlined);
    expect(icon('delete')).toBe(DeleteOutlined);
    expect(icon('doSubmitInvoice')).toBe(SendOutlined);
    expect(icon('doApproveInvoice')).toBe(CheckCircleOutlined);
    expect(icon('doWithdraw')).toBe(RollbackOutlined);
    expect(icon('openPage', 'purOrderManage/srmPurOrderPrint')).toBe(PrinterOutlined);
  });

  it('reads "invalid" before "valid" and "reject" before "update"', () => {
    expect(icon('doInvalid')).toBe(StopOutlined);
    expect(icon('doValid')).toBe(PlayCircleOutlined);
    expect(icon('doRejectFeedback')).toBe(CloseCircleOutlined);
    expect(icon('doUpdateRejection')).toBe(CloseCircleOutlined);
  });

  it('an action of no known word still shows an icon', () => {
    expect(icon('qqq')).toBe(ThunderboltOutlined);
  });
});
