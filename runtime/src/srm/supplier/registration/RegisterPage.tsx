/**
 * `/register` (docs/architecture.md "Spec: routes and home"; DOMAIN section 1.2, doRegister): a visitor
 * registers a supplier —
 * company, credit code, type, contact, login name and password, captcha. The server checks it all
 * again, refuses taken names with 409 and creates the account disabled until an internal user
 * approves it; the answer is shown with the registration number and the way back to sign-in.
 */
import { Alert, Button, Form, Input, Result, Select } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuthProvider } from '../../../core/DataProviderContext';
import type { ValidateCode } from '../../../core/dataProvider';
import { useFeedback } from '../../../core/feedback';
import { useLanguage } from '../../../i18n';
import { errorText } from '../../../app/AppFeedback';
import { AuthLayout } from '../../../app/AuthLayout';
import { placeFieldErrors } from '../../../app/formErrors';
import { confirmPasswordRules, newPasswordRules } from '../../../app/passwordRules';
import { CaptchaField } from '../../../app/CaptchaField';
import { registrationApi, type Option, type RegisterAnswer } from './registrationApi';
import { LOGIN_NAME_PATTERN, matches, named, required, USCC_PATTERN } from './registerRules';

const FIELDS = [
  'supplierName',
  'unifiedSocialCreditCode',
  'supplierType',
  'contactName',
  'contactMobile',
  'contactEmail',
  'userName',
  'password',
  'confirmPassword',
  'validateCode',
];

type RegisterValues = Record<string, string>;

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
  useEffect(() => void refresh(), [refresh]);
  return { captcha, failed, refresh };
}

export function RegisterPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const feedback = useFeedback();
  const [form] = Form.useForm<RegisterValues>();
  const [types, setTypes] = useState<Option[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ answer: RegisterAnswer; msg: string } | null>(null);
  const { captcha, failed, refresh } = useCaptcha();

  useEffect(() => {
    registrationApi.registerOptions().then(
      (options) => setTypes(options.supplierTypes),
      () => setTypes([]),
    );
  }, [language]);

  const newCaptcha = () => {
    form.setFieldValue('validateCode', '');
    void refresh();
  };

  const submit = async (values: RegisterValues) => {
    setBusy(true);
    setError('');
    try {
      const trimmed = Object.fromEntries(
        Object.entries(values).map(([k, v]) => [k, k.toLowerCase().includes('password') ? v : String(v ?? '').trim()]),
      );
      const { data, msg } = await registrationApi.doRegister({
        ...trimmed,
        unifiedSocialCreditCode: trimmed.unifiedSocialCreditCode.toUpperCase(),
        validateKey: captcha?.validateKey,
        // A development's invitation link (/register?invite=DEV…) names it: the registration is recorded as invited.
        inviteNumber: new URLSearchParams(window.location.search).get('invite') ?? undefined,
      });
      setDone({ answer: data, msg });
    } catch (failure) {
      placeFieldErrors(form, failure, FIELDS);
      setError(errorText(failure, t('register.failed')));
      feedback.error(failure);
      // A captcha answers once, right or wrong.
      newCaptcha();
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthLayout title={t('register.title')}>
        <Result
          status="success"
          title={t('register.submitted')}
          subTitle={`${done.msg} ${t('register.number', { number: done.answer.registerNumber })}`}
          extra={
            <Link to="/login" state={{ userName: done.answer.userName }}>
              {t('register.toLogin')}
            </Link>
          }
        />
      </AuthLayout>
    );
  }
  const userName = () => String(form.getFieldValue('userName') ?? '').trim();
  return (
    <AuthLayout title={t('register.title')}>
      <Form<RegisterValues>
        form={form}
        name="register"
        layout="vertical"
        requiredMark
        onFinish={(values) => void submit(values)}
        disabled={busy}
      >
        <Form.Item
          label={t('register.supplierName')}
          name="supplierName"
          rules={[required(t('register.supplierNameRequired'))]}
        >
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item
          label={t('register.uscc')}
          name="unifiedSocialCreditCode"
          extra={t('register.usccHint')}
          rules={[required(t('register.usccRequired')), matches(USCC_PATTERN, t('register.usccInvalid'))]}
          normalize={(v: string) => v?.toUpperCase()}
        >
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item
          label={t('register.supplierType')}
          name="supplierType"
          rules={[{ required: true, message: t('register.supplierTypeRequired') }]}
        >
          <Select options={types.map((o) => ({ value: o.lookupCode, label: o.meaning }))} />
        </Form.Item>
        <Form.Item
          label={t('register.contactName')}
          name="contactName"
          rules={[required(t('register.contactNameRequired'))]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          label={t('register.contactMobile')}
          name="contactMobile"
          rules={[required(t('register.contactMobileRequired')), named('mobile', language)]}
        >
          <Input maxLength={11} inputMode="tel" />
        </Form.Item>
        <Form.Item
          label={t('register.contactEmail')}
          name="contactEmail"
          rules={[required(t('register.contactEmailRequired')), named('email', language)]}
        >
          <Input maxLength={100} inputMode="email" />
        </Form.Item>
        <Form.Item
          label={t('register.userName')}
          name="userName"
          extra={t('register.userNameHint')}
          rules={[required(t('login.userNameRequired')), matches(LOGIN_NAME_PATTERN, t('register.userNameInvalid'))]}
        >
          <Input maxLength={50} autoComplete="username" />
        </Form.Item>
        <Form.Item
          label={t('register.password')}
          name="password"
          extra={t('password.rule')}
          dependencies={['userName']}
          rules={newPasswordRules(t, userName)}
        >
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('register.confirmPassword')}
          name="confirmPassword"
          dependencies={['password']}
          rules={confirmPasswordRules(t, 'password')}
        >
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
        <CaptchaField id="register_validateCode" captcha={captcha} failed={failed} onRefresh={newCaptcha} />
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block size="large" loading={busy} aria-label={t('register.submit')}>
            {t('register.submit')}
          </Button>
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
        <Link to="/login">{t('register.toLogin')}</Link>
      </Form>
    </AuthLayout>
  );
}
