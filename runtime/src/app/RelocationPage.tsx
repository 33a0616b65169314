/**
 * /relocation (docs/architecture.md "Spec: routes and home"): where the login page sends a signed-in user. It
 * decides the
 * destination (relocationTarget: the deep link asked for before signing in, else home) and goes
 * there, replacing itself in the history. Without a session it is the login page's business.
 */
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../core/useSession';
import { LOGIN_PATH } from './authPaths';
import { relocationTarget } from './relocation';

export const RELOCATION_PATH = '/relocation';

/** /relocation, carrying the wanted screen along when there is one. */
export function relocationPathFor(returnTo: string | null | undefined): string {
  return returnTo ? `${RELOCATION_PATH}?redirect=${encodeURIComponent(returnTo)}` : RELOCATION_PATH;
}

export function RelocationPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = session ? relocationTarget(session.userInfo, params.get('redirect')) : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [navigate, target]);
  if (!session) return <Navigate to={LOGIN_PATH} replace />;
  return (
    <Spin tip={t('relocation.redirecting')} style={{ display: 'block', margin: 96 }}>
      <div />
    </Spin>
  );
}
