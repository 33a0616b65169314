/**
 * The shell's empty child: the home chosen by user type (spec 1 section 2). Supplier users (type
 * EX…) get the supplier home with a welcome line naming their supplier; everyone else the internal
 * home. The to-do, notification and announcement lists come with a later issue.
 */
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayName, isSupplierUser, type UserInfo } from '../core/session';
import { useSession } from '../core/useSession';

function SupplierHome({ user }: { user: UserInfo | null }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="supplier-home">
      <Typography.Title level={3}>{t('home.supplierWelcome', { supplierName: user?.supplierName || displayName(user) })}</Typography.Title>
      <Typography.Paragraph>{t('home.supplierText')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('home.comingSoon')}</Typography.Paragraph>
    </Card>
  );
}

function InternalHome({ user }: { user: UserInfo | null }) {
  const { t } = useTranslation();
  const name = displayName(user);
  return (
    <Card data-testid="internal-home">
      <Typography.Title level={3}>{t('app.welcomeTitle')}</Typography.Title>
      {name && <Typography.Paragraph strong>{t('home.internalGreeting', { name })}</Typography.Paragraph>}
      <Typography.Paragraph>{t('home.internalText')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('home.comingSoon')}</Typography.Paragraph>
    </Card>
  );
}

export function Home() {
  const user = useSession()?.userInfo ?? null;
  return isSupplierUser(user) ? <SupplierHome user={user} /> : <InternalHome user={user} />;
}
