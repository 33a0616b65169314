/** myUpcoming: my open approval to-dos; the title opens the document to approve or reject it. */
import { useTranslation } from 'react-i18next';
import type { DataRecord, PageDef } from '../meta';
import { LookupTag } from '../widgets/LookupTag';
import { useLabel } from '../i18n';
import { ApprovalList } from './ApprovalList';

export function MyUpcoming({ page }: { page: PageDef }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <ApprovalList
      title={label(page.title)}
      action="findMyUpcoming"
      rowKey="todoId"
      linkColumn="pendingTitle"
      linkOf={(row: DataRecord) => (row.billLink ? String(row.billLink) : undefined)}
      columns={[
        { key: 'pendingTitle', dataIndex: 'pendingTitle', title: t('approval.title') },
        {
          key: 'billType',
          dataIndex: 'billType',
          title: t('approval.billType'),
          render: (code: unknown) => <LookupTag lookupType="SYS_TOBEDO" code={code} />,
        },
        { key: 'billNumber', dataIndex: 'billNumber', title: t('approval.billNumber') },
        { key: 'creationDate', dataIndex: 'creationDate', title: t('approval.receivedAt') },
      ]}
    />
  );
}
