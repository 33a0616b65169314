/**
 * `/forget` (docs/architecture.md "Spec: routes and home"): the user name gets a 6-digit code by e-mail
 * (sendEmailCode, one a
 * minute); the code and a new password change it (changePasswordByCode), then the user signs in.
 * The server answers the same whether or not the account exists; its messages are shown as-is.
 */
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAuthProvider } from '../core/DataProviderContext';
import { useFeedback } from '../core/feedback';
import { errorText } from './AppFeedback';
import { AuthLayout } from './AuthLayout';
import { placeFieldErrors } from './formErrors';
import { confirmPasswordRules, newPasswordRules } from './passwordRules';

interface ForgetValues {
  userName: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/** The server sends at most one code a minute per user. */
export const RESEND_SECONDS = 60;

function useCountdown(): [number, () => void] {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return [seconds, () => setSeconds(RESEND_SECONDS)];
}

export function ForgetPage() {
  const { t } = useTranslation();
  const provider = useAuthProvider();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgetValues>();
  const [sent, setSent] = useState(false);
  const [notice, setNotice] = useState<{ type: 'info' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<'send' | 'change' | null>(null);
  const [cooldown, startCooldown] = useCountdown();

  const sendCode = async () => {
    let userName: string;
    try {
      userName = (await form.validateFields(['userName'])).userName.trim();
    } catch {
      return;
    }
    setBusy('send');
    try {
      const { msg } = await provider.sendEmailCode(userName);
      setSent(true);
      startCooldown();
      setNotice({ type: 'info', text: msg });
      if (msg) feedback.success(msg);
    } catch (failure) {
      setNotice({ type: 'error', text: errorText(failure, t('page.loadFailed')) });
      feedback.error(failure);
    } finally {
      setBusy(null);
    }
  };

  const change = async (values: ForgetValues) => {
    setBusy('change');
    const userName = values.userName.trim();
    try {
      const { msg } = await provider.changePasswordByCode(userName, values.code.trim(), values.newPassword);
      feedback.success(msg || t('password.changed'));
      navigate('/login', { replace: true, state: { userName } });
    } catch (failure) {
      placeFieldErrors(form, failure, ['newPassword', 'code']);
      setNotice({ type: 'error', text: errorText(failure, t('page.loadFailed')) });
      feedback.error(failure);
    } finally {
      setBusy(null);
    }
  };

  const userName = () => String(form.getFieldValue('userName') ?? '').trim();
  return (
    <AuthLayout title={t('forget.title')}>
      <Form<ForgetValues>
        form={form}
        name="forget"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void change(values)}
      >
        <Typography.Paragraph type="secondary">{t('forget.intro')}</Typography.Paragraph>
        <Form.Item label={t('forget.userName')} required htmlFor="forget_userName">
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="userName"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('login.userNameRequired') }]}
            >
              <Input id="forget_userName" autoComplete="username" maxLength={64} />
            </Form.Item>
            <Button
              onClick={() => void sendCode()}
              loading={busy === 'send'}
              disabled={cooldown > 0}
              aria-label={t('forget.sendCode')}
            >
              {cooldown > 0 ? t('forget.resendIn', { seconds: cooldown }) : t('forget.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {sent && (
          <>
            <Form.Item
              label={t('forget.code')}
              name="code"
              rules={[{ required: true, whitespace: true, message: t('forget.codeRequired') }]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
            </Form.Item>
            <Form.Item
              label={t('forget.newPassword')}
              name="newPassword"
              extra={t('password.rule')}
              dependencies={['userName']}
              rules={newPasswordRules(t, userName)}
            >
              <Input.Password autoComplete="new-password" maxLength={128} />
            </Form.Item>
            <Form.Item
              label={t('forget.confirmPassword')}
              name="confirmPassword"
              dependencies={['newPassword']}
              rules={confirmPasswordRules(t, 'newPassword')}
            >
              <Input.Password autoComplete="new-password" maxLength={128} />
            </Form.Item>
            <Form.Item style={{ marginBottom: 12 }}>
              <Button
                type="primary"
                htmlType="submit"
                block
                loading={busy === 'change'}
                aria-label={t('forget.submit')}
              >
                {t('forget.submit')}
              </Button>
            </Form.Item>
          </>
        )}
        {notice && <Alert type={notice.type} showIcon message={notice.text} style={{ marginBottom: 12 }} />}
        <Link to="/login">{t('forget.backToLogin')}</Link>
      </Form>
    </AuthLayout>
  );
}
