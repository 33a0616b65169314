/** The image captcha of the public forms: an input and the picture, which gives a new one when clicked. */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ValidateCode } from '../core/dataProvider';

export interface CaptchaFieldProps {
  captcha: ValidateCode | null;
  failed: boolean;
  onRefresh: () => void;
  id: string;
}

export function CaptchaField({ captcha, failed, onRefresh, id }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('login.captcha')} htmlFor={id} required>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Form.Item
          name="validateCode"
          noStyle
          rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
        >
          <Input id={id} autoComplete="off" maxLength={8} style={{ flex: 1, height: 40 }} />
        </Form.Item>
        <button
          type="button"
          onClick={onRefresh}
          title={t('login.captchaRefresh')}
          aria-label={t('login.captchaRefresh')}
          style={{
            width: 120,
            height: 40,
            padding: 0,
            overflow: 'hidden',
            border: '1px solid #d9d9d9',
            borderRadius: 6,
            background: '#fafafa',
            cursor: 'pointer',
            flex: 'none',
          }}
        >
          {captcha ? (
            <img
              src={captcha.image}
              alt={t('login.captchaImage')}
              width={118}
              height={38}
              style={{ display: 'block' }}
            />
          ) : (
            <span style={{ fontSize: 12, color: '#999' }}>
              {failed ? t('login.captchaLoadFailed') : t('common.loading')}
            </span>
          )}
        </button>
      </div>
    </Form.Item>
  );
}
