/**
 * `/` and `/login` (docs/architecture.md "Spec: routes and home"): user name, password and, once the server
 * asks for it, a
 * captcha. A refused login answers 401 with {captchaRequired, locked}; its msg is shown once,
 * under the form (not again as a floating message). Success stores the session (first responsibility current)
 * and hands over to /relocation, which opens the wanted screen, else home.
 */
import { CaptchaField } from './CaptchaField';
import { Alert, Button, Form, Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../core/apiError';
import { useAuthProvider } from '../core/DataProviderContext';
import type { ValidateCode } from '../core/dataProvider';
import { hasSession, noteLoginPageShown, saveSession, sessionEndReason } from '../core/session';
import { errorText } from './AppFeedback';
import { AuthLayout } from './AuthLayout';
import { relocationPathFor } from './RelocationPage';
import { fetchShellAhead } from './shellLoader';

interface LoginValues {
  userName: string;
  password: string;
  validateCode?: string;
}

function captchaRequiredBy(error: unknown): boolean {
  if (!isApiError(error) || !error.data || typeof error.data !== 'object') return false;
  return (error.data as { captchaRequired?: unknown }).captchaRequired === true;
}

function useCaptcha() {
  const provider = useAuthProvider();
  const [captcha, setCaptcha] = useState<ValidateCode | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(async () => {
    try {
      setCaptcha(await provider.generateValidateCode());
      setFailed(false);
    } catch {
      setCaptcha(null);
      setFailed(true);
    }
  }, [provider]);
  return { captcha, failed, refresh };
}

export function LoginPage() {
  const { t } = useTranslation();
  const provider = useAuthProvider();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  // Once the server asked for a captcha it stays on the form (spec: "and after it once shown").
  const [captchaShown, setCaptchaShown] = useState(false);
  const { captcha, failed: captchaFailed, refresh: refreshCaptcha } = useCaptcha();
  const initialUserName = (location.state as { userName?: string } | null)?.userName ?? '';
  // Why the user is here: the session expired (a 401), or a screen was opened without one.
  const [arrival] = useState(() =>
    sessionEndReason() === 'expired' ? t('login.sessionExpired') : params.get('redirect') ? t('login.signInFirst') : '',
  );

  // From now on a link pasted into the address bar is a deep link again (RequireSession).
  useEffect(noteLoginPageShown, []);

  const newCaptcha = useCallback(() => {
    form.setFieldValue('validateCode', '');
    void refreshCaptcha();
  }, [form, refreshCaptcha]);

  const onFinish = async (values: LoginValues) => {
    fetchShellAhead();
    setSubmitting(true);
    setError('');
    try {
      const data = await provider.login({
        userName: values.userName.trim(),
        password: values.password,
        ...(captchaShown && captcha
          ? { validateKey: captcha.validateKey, validateCode: (values.validateCode ?? '').trim() }
          : {}),
      });
      // Signing in over another session of this tab ends that one (its headers are still current here).
      if (hasSession()) void provider.logoff().catch(() => undefined);
      saveSession(data);
      // /relocation decides where to go (the wanted screen, else home).
      navigate(relocationPathFor(params.get('redirect')), { replace: true });
    } catch (failure) {
      setError(errorText(failure, t('login.failed')));
      // A captcha answers once: every failure with the captcha on the form needs a new one.
      if (captchaShown || captchaRequiredBy(failure)) {
        setCaptchaShown(true);
        newCaptcha();
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('login.title')}>
      <Form<LoginValues>
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        initialValues={{ userName: initialUserName }}
        onFinish={(values) => void onFinish(values)}
        // The shell loads while the user types (not with this page: the initial-load budget).
        onValuesChange={fetchShellAhead}
        disabled={submitting}
      >
        {arrival && !error && <Alert type="warning" showIcon message={arrival} style={{ marginBottom: 16 }} />}
        <Form.Item
          label={t('login.userName')}
          name="userName"
          rules={[{ required: true, whitespace: true, message: t('login.userNameRequired') }]}
        >
          <Input autoComplete="username" autoFocus={!initialUserName} maxLength={64} />
        </Form.Item>
        <Form.Item
          label={t('login.password')}
          name="password"
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" autoFocus={!!initialUserName} maxLength={128} />
        </Form.Item>
        {captchaShown && (
          <CaptchaField id="login_validateCode" captcha={captcha} failed={captchaFailed} onRefresh={newCaptcha} />
        )}
        <Form.Item style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={submitting}
            aria-label={t('login.submit')}
          >
            {t('login.submit')}
          </Button>
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Link to="/register">{t('register.link')}</Link>
          <Link to="/forget">{t('login.forgot')}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
