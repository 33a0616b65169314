/** Shown after a 409 on save: someone else changed the record; offer to reload it. */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

export function ConflictNotice({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 12 }}
      message={t('record.conflictTitle')}
      description={t('record.conflict')}
      action={
        <Button size="small" danger onClick={onReload}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
