/**
 * systemsetting/menuFuncPrivilege?id={roleId}: an administrator checks the role's menus and
 * buttons in one tree. Only the changed (isEdit) nodes are sent; the server writes menu and
 * button permits in one transaction and answers the fresh tree.
 */
import type { TreeNode } from '@meridian/metadata';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useScreen } from '../../core/DataProviderContext';
import { useFeedback } from '../../core/feedback';
import { useGrantedResources } from '../../core/useResources';
import { useLanguage } from '../../i18n';
import { createPrivilegeApi, PRIVILEGE_TREE_CONFIG, type PrivilegeRow, type PrivilegeTree } from './privilegeApi';
import { TreeCheck } from './TreeCheck';

export function MenuFuncPrivilege() {
  const { t } = useTranslation();
  const language = useLanguage();
  const feedback = useFeedback();
  const screen = useScreen();
  const { granted } = useGrantedResources();
  const roleId = useSearchParams()[0].get('id');
  const api = useMemo(() => createPrivilegeApi(screen), [screen]);
  const [tree, setTree] = useState<PrivilegeTree>();
  const [edited, setEdited] = useState<TreeNode<PrivilegeRow>[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!roleId) return;
    api.find(roleId).then(setTree, feedback.error);
  }, [api, roleId, feedback, language]);
  const onEdit = useCallback((nodes: TreeNode<PrivilegeRow>[]) => setEdited(nodes), []);

  const save = async () => {
    if (!roleId) return;
    if (!edited.length) return feedback.warning(t('privilege.noChanges'));
    setSaving(true);
    try {
      setTree(
        await api.save(
          roleId,
          edited.map((n) => ({ key: n.key, checked: n.checked })),
        ),
      );
      feedback.success(t('privilege.saved'));
    } catch (e) {
      feedback.error(e);
    } finally {
      setSaving(false);
    }
  };

  const back = <Link to="/main/systemsetting/role">{t('privilege.back')}</Link>;
  if (!roleId) return <Alert type="warning" showIcon message={t('privilege.noRole')} action={back} />;
  if (!tree) return <Spin />;
  const roleName = language === 'EN' ? tree.role.roleNameEn || tree.role.roleName : tree.role.roleName;
  return (
    <Card
      title={
        <Space>
          <span>{t('privilege.tree')}</span>
          <Typography.Text
            type="secondary"
            data-testid="privilege-role"
          >{`${tree.role.roleCode} ${roleName}`}</Typography.Text>
        </Space>
      }
      extra={
        <Space>
          {back}
          <Typography.Text type="secondary">{t('privilege.changed', { count: edited.length })}</Typography.Text>
          {granted.has('btnSave') && (
            <Button type="primary" loading={saving} onClick={save}>
              {t('privilege.save')}
            </Button>
          )}
        </Space>
      }
    >
      <TreeCheck
        rows={tree.rows}
        config={PRIVILEGE_TREE_CONFIG}
        onEdit={onEdit}
        disabled={!granted.has('btnSave')}
        aria-label={t('privilege.tree')}
      />
    </Card>
  );
}
