/** myApproval: the documents I approved or rejected, newest first, with my comment. */
import { useTranslation } from 'react-i18next';
import type { DataRecord, PageDef } from '../meta';
import { LookupTag } from '../widgets/LookupTag';
import { useLabel } from '../i18n';
import { ApprovalList } from './ApprovalList';

/** Documents of an entity open on this route (the approval rule's billLink, without the record). */
function linkOf(row: DataRecord): string | undefined {
  return row.billLink ? String(row.billLink) : undefined;
}

export function MyApproval({ page }: { page: PageDef }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <ApprovalList
      title={label(page.title)}
      action="findMyApproval"
      rowKey="historyId"
      linkColumn="billNumber"
      linkOf={linkOf}
      columns={[
        { key: 'billNumber', dataIndex: 'billNumber', title: t('approval.billNumber') },
        {
          key: 'billType',
          dataIndex: 'billType',
          title: t('approval.billType'),
          render: (code: unknown) => <LookupTag lookupType="SYS_TOBEDO" code={code} />,
        },
        { key: 'actionLabel', dataIndex: 'actionLabel', title: t('approval.decision') },
        { key: 'comment', dataIndex: 'comment', title: t('approval.comment'), ellipsis: true },
        { key: 'actionDate', dataIndex: 'actionDate', title: t('approval.decidedAt') },
      ]}
    />
  );
}
