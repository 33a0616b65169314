/**
 * `/registerInfoEdit` (docs/architecture.md "Spec: routes and home"; DOMAIN section 1.2): a supplier whose
 * account was approved
 * (or whose details were rejected) completes its registration — company, contact, address, bank,
 * credentials with their files, tax records, factories and addresses, supply abilities — saves it and
 * submits it for review (doSubmitRegisterInfo).
 * Once submitted the page is read-only; once approved it leads to the supplier home.
 */
import { Alert, Button, Card, Col, Form, Input, Layout, Row, Select, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLookup } from '../../../core/LookupContext';
import { selectableValues } from '../../../core/lookupCache';
import { useFeedback } from '../../../core/feedback';
import type { DataRecord } from '../../../meta';
import { useLanguage } from '../../../i18n';
import { LookupTag } from '../../../widgets/LookupTag';
import { errorText } from '../../../app/AppFeedback';
import { HOME_PATH } from '../../../app/authPaths';
import { placeFieldErrors } from '../../../app/formErrors';
import { RegisterInfoHeader } from './RegisterInfoHeader';
import { CredentialLines, SupplyAbilityLines } from './RegisterLines';
import { LocationLines, TaxLines } from './RegisterTaxLines';
import { registrationApi, type CategoryOption } from './registrationApi';
import { named, required } from './registerRules';

const EDITABLE = new Set(['ACCOUNT_APPROVED', 'REJECTED']);
const FIELDS = [
  'supplierNameEn',
  'supplierType',
  'contactName',
  'contactMobile',
  'contactEmail',
  'registeredAddress',
  'bankName',
  'bankAccountNumber',
  'credentials',
  'taxes',
  'locations',
];

export function RegisterInfoEditPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<DataRecord>();
  const [record, setRecord] = useState<DataRecord | null>(null);
  const [categories, setCategories] = useState<CategoryOption[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const supplierTypes = selectableValues(useLookup('SLC_SUPPLIER_TYPE') ?? []).map((v) => ({
    value: v.lookupCode,
    label: v.meaning,
  }));

  const show = useCallback(
    (row: DataRecord) => {
      setRecord(row);
      form.resetFields();
      form.setFieldsValue(row as never);
    },
    [form],
  );

  useEffect(() => {
    registrationApi.findMine().then(show, (failure: unknown) => setError(errorText(failure, t('page.loadFailed'))));
  }, [show, t]);
  useEffect(() => {
    registrationApi.categories().then(setCategories, () => setCategories([]));
  }, [language]);

  const status = String(record?.registerStatus ?? '');
  const editable = EDITABLE.has(status);

  /** Saves the form (all lines as the complete new set) and shows what the server stored. */
  const save = async (): Promise<DataRecord> => {
    await form.validateFields();
    const values = form.getFieldsValue(true) as DataRecord;
    const { data, msg } = await registrationApi.saveMine({ ...values, versionNum: record?.versionNum });
    show(data);
    if (msg) feedback.success(msg);
    return data;
  };

  const run = async (kind: 'save' | 'submit') => {
    setBusy(kind);
    setError('');
    try {
      const saved = await save();
      if (kind === 'submit') {
        const { data } = await registrationApi.submitMine(saved.versionNum);
        show(data);
        feedback.success(t('registerInfo.submitted'));
      }
    } catch (failure) {
      if (failure && typeof failure === 'object' && 'errorFields' in failure) return; // the form shows its own messages
      placeFieldErrors(form, failure, FIELDS);
      setError(errorText(failure, t('registerInfo.saveFailed')));
      feedback.error(failure);
    } finally {
      setBusy(null);
    }
  };

  const column = (node: ReactNode) => (
    <Col xs={24} md={12} lg={8}>
      {node}
    </Col>
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <RegisterInfoHeader />
      <Layout.Content style={{ padding: 24, maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <Card
          title={
            <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
              {t('registerInfo.title')}
            </Typography.Title>
          }
          extra={
            record && (
              <Space>
                {String(record.registerNumber ?? '')}
                <LookupTag lookupType="SLC_REGISTER_STATUS" code={status} />
              </Space>
            )
          }
        >
          <Spin spinning={!record && !error}>
            {status === 'REJECTED' && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                message={t('registerInfo.rejected', { reason: String(record?.rejectReason ?? '') })}
              />
            )}
            {status === 'ACCOUNT_APPROVED' && (
              <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('registerInfo.intro')} />
            )}
            {status === 'INFO_SUBMITTED' && (
              <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('registerInfo.waiting')} />
            )}
            {status === 'APPROVED' && (
              <Alert
                type="success"
                showIcon
                style={{ marginBottom: 16 }}
                message={t('registerInfo.approved')}
                action={
                  <Button type="primary" onClick={() => navigate(HOME_PATH, { replace: true })}>
                    {t('registerInfo.toHome')}
                  </Button>
                }
              />
            )}
            {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} />}
            <Form form={form} layout="vertical" disabled={!editable || busy !== null} name="registerInfo">
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                {t('registerInfo.company')}
              </Typography.Title>
              <Row gutter={16}>
                {column(
                  <Form.Item label={t('register.supplierName')} name="supplierName">
                    <Input disabled />
                  </Form.Item>,
                )}
                {column(
                  <Form.Item label={t('register.uscc')} name="unifiedSocialCreditCode">
                    <Input disabled />
                  </Form.Item>,
                )}
                {column(
                  <Form.Item label={t('registerInfo.supplierNameEn')} name="supplierNameEn">
                    <Input maxLength={200} />
                  </Form.Item>,
                )}
                {column(
                  <Form.Item
                    label={t('register.supplierType')}
                    name="supplierType"
                    rules={[{ required: true, message: t('register.supplierTypeRequired') }]}
                  >
                    <Select options={supplierTypes} />
                  </Form.Item>,
                )}
                {column(
                  <Form.Item
                    label={t('registerInfo.registeredAddress')}
                    name="registeredAddress"
                    rules={[required(t('registerInfo.registeredAddressRequired'))]}
                  >
                    <Input maxLength={300} />
                  </Form.Item>,
                )}
              </Row>
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                {t('registerInfo.contact')}
              </Typography.Title>
              <Row gutter={16}>
                {column(
                  <Form.Item
                    label={t('register.contactName')}
                    name="contactName"
                    rules={[required(t('register.contactNameRequired'))]}
                  >
                    <Input maxLength={60} />
                  </Form.Item>,
                )}
                {column(
                  <Form.Item
                    label={t('register.contactMobile')}
                    name="contactMobile"
                    rules={[required(t('register.contactMobileRequired')), named('mobile', language)]}
                  >
                    <Input maxLength={11} />
                  </Form.Item>,
                )}
                {column(
                  <Form.Item
                    label={t('register.contactEmail')}
                    name="contactEmail"
                    rules={[required(t('register.contactEmailRequired')), named('email', language)]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>,
                )}
              </Row>
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                {t('registerInfo.bank')}
              </Typography.Title>
              <Row gutter={16}>
                {column(
                  <Form.Item
                    label={t('registerInfo.bankName')}
                    name="bankName"
                    rules={[required(t('registerInfo.bankNameRequired'))]}
                  >
                    <Input maxLength={200} />
                  </Form.Item>,
                )}
                {column(
                  <Form.Item
                    label={t('registerInfo.bankAccountNumber')}
                    name="bankAccountNumber"
                    rules={[required(t('registerInfo.bankAccountNumberRequired'))]}
                  >
                    <Input maxLength={60} />
                  </Form.Item>,
                )}
              </Row>
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                {t('registerInfo.credentials')}
              </Typography.Title>
              <CredentialLines readOnly={!editable} />
              <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
                {t('registerInfo.taxes')}
              </Typography.Title>
              <TaxLines readOnly={!editable} />
              <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
                {t('registerInfo.locations')}
              </Typography.Title>
              <LocationLines readOnly={!editable} />
              <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
                {t('registerInfo.supplyAbilities')}
              </Typography.Title>
              <SupplyAbilityLines readOnly={!editable} categories={categories} />
            </Form>
            {editable && (
              <Space style={{ marginTop: 24 }}>
                <Button onClick={() => void run('save')} loading={busy === 'save'}>
                  {t('registerInfo.save')}
                </Button>
                <Button type="primary" onClick={() => void run('submit')} loading={busy === 'submit'}>
                  {t('registerInfo.submit')}
                </Button>
              </Space>
            )}
          </Spin>
        </Card>
      </Layout.Content>
    </Layout>
  );
}
