/**
 * 修改密码 (updatePassword): old, new and confirmation. The server ends every session of the user
 * on success, so the user is told and sent to sign in again.
 */
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../core/apiError';
import { useAuthProvider } from '../core/DataProviderContext';
import { useFeedback } from '../core/feedback';
import { errorText } from './AppFeedback';
import { placeFieldErrors } from './formErrors';
import { confirmPasswordRules, newPasswordRules } from './passwordRules';
import { useSignOut } from './useSignOut';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function ChangePasswordModal({
  open,
  userName,
  onClose,
  forced = false,
}: {
  open: boolean;
  userName: string;
  onClose: () => void;
  /** The temporary password must be replaced: the notice is shown and Cancel signs out instead. */
  forced?: boolean;
}) {
  const { t } = useTranslation();
  const provider = useAuthProvider();
  const feedback = useFeedback();
  const signOut = useSignOut();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const close = () => {
    form.resetFields();
    setError('');
    onClose();
  };

  const submit = async () => {
    let values: PasswordValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError('');
    try {
      const { msg } = await provider.updatePassword(values.oldPassword, values.newPassword);
      feedback.success(msg || t('password.changed'));
      close();
      // Every session of the user was revoked: this one too.
      await signOut({ callServer: false });
    } catch (failure) {
      // A 401 here means the session ended; the guard is already on its way to the login page.
      if (isApiError(failure) && failure.httpStatus === 401) return;
      const placed = placeFieldErrors(form, failure, ['oldPassword', 'newPassword']);
      if (!placed) setError(errorText(failure, t('page.loadFailed')));
      feedback.error(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('password.change')}
      okText={t('common.ok')}
      cancelText={forced ? t('password.signOutInstead') : t('common.cancel')}
      closable={!forced}
      keyboard={!forced}
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={saving}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<PasswordValues>
        form={form}
        name="changePassword"
        layout="vertical"
        requiredMark={false}
        onFinish={() => void submit()}
      >
        <Form.Item
          label={t('password.oldPassword')}
          name="oldPassword"
          rules={[{ required: true, message: t('password.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          label={t('password.newPassword')}
          name="newPassword"
          extra={t('password.rule')}
          dependencies={['oldPassword']}
          rules={newPasswordRules(t, () => userName, 'oldPassword')}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          label={t('password.confirmPassword')}
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={confirmPasswordRules(t, 'newPassword')}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        {forced && <Alert type="warning" showIcon message={t('password.forcedNotice')} style={{ marginBottom: 16 }} />}
        {error && <Alert type="error" showIcon message={error} />}
        {/* Enter in a field submits. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
