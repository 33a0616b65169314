/**
 * The credential and supply ability lines of /registerInfoEdit. A credential carries its files
 * (the business licence's scan, DOMAIN section 15 flow 1 step 3) under its row; its dates use the
 * app's date picker.
 */
import { Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AttachmentConfig } from '../../../meta';
import { AttachmentBase } from '../../../widgets/attachment/Attachment';
import { DateInput } from '../../../widgets/DateInput';
import { EditableLines, useLookupOptions, type LineRow } from './EditableLines';
import type { CategoryOption } from './registrationApi';

interface LinesProps {
  readOnly: boolean;
}

/**
 * The registrant has no menu, so no granted button codes: the control shows its buttons. Files go
 * up unlinked and are linked to the line when it is saved (server/src/files/attachmentLinks.ts).
 */
const CREDENTIAL_FILES: AttachmentConfig = { checkBtnPermit: false, formats: ['pdf', 'jpg', 'jpeg', 'png'] };

export function CredentialLines({ readOnly }: LinesProps) {
  const { t } = useTranslation();
  const types = useLookupOptions('SLC_CREDENTIAL_TYPE');
  const date = (field: 'issueDate' | 'expireDate') => (row: LineRow) => (
    <Form.Item name={[row.name, field]} noStyle>
      <DateInput disabled={readOnly} aria-label={t(`registerInfo.${field}`)} style={{ width: 140 }} />
    </Form.Item>
  );
  return (
    <EditableLines
      name="credentials"
      label={t('registerInfo.credentials')}
      addLabel={t('registerInfo.addCredential')}
      readOnly={readOnly}
      defaults={{ longTermFlag: 'N' }}
      columns={[
        {
          title: t('registerInfo.credentialType'),
          cell: (row) => (
            <Form.Item
              name={[row.name, 'credentialType']}
              noStyle
              rules={[{ required: true, message: t('registerInfo.credentialTypeRequired') }]}
            >
              <Select
                options={types}
                disabled={readOnly}
                style={{ width: 160 }}
                aria-label={t('registerInfo.credentialType')}
              />
            </Form.Item>
          ),
        },
        {
          title: t('registerInfo.credentialNumber'),
          cell: (row) => (
            <Form.Item
              name={[row.name, 'credentialNumber']}
              noStyle
              rules={[{ required: true, whitespace: true, message: t('registerInfo.credentialNumberRequired') }]}
            >
              <Input maxLength={60} disabled={readOnly} aria-label={t('registerInfo.credentialNumber')} />
            </Form.Item>
          ),
        },
        {
          title: t('registerInfo.issuingAuthority'),
          cell: (row) => (
            <Form.Item name={[row.name, 'issuingAuthority']} noStyle>
              <Input maxLength={200} disabled={readOnly} aria-label={t('registerInfo.issuingAuthority')} />
            </Form.Item>
          ),
        },
        { title: t('registerInfo.issueDate'), cell: date('issueDate') },
        { title: t('registerInfo.expireDate'), cell: date('expireDate') },
        {
          title: t('registerInfo.longTerm'),
          width: 90,
          cell: (row) => (
            <Form.Item
              name={[row.name, 'longTermFlag']}
              noStyle
              valuePropName="checked"
              getValueProps={(v) => ({ checked: v === 'Y' })}
              normalize={(checked: boolean) => (checked ? 'Y' : 'N')}
            >
              <Checkbox disabled={readOnly} aria-label={t('registerInfo.longTerm')} />
            </Form.Item>
          ),
        },
      ]}
      below={(row) => (
        <Form.Item name={[row.name, 'attachmentIds']} label={t('registerInfo.credentialFiles')} style={{ margin: 0 }}>
          <AttachmentBase
            config={CREDENTIAL_FILES}
            readOnly={readOnly}
            aria-label={t('registerInfo.credentialFiles')}
          />
        </Form.Item>
      )}
    />
  );
}

export function SupplyAbilityLines({ readOnly, categories }: LinesProps & { categories: CategoryOption[] }) {
  const { t } = useTranslation();
  const units = useLookupOptions('BASE_UOM');
  const categoryOptions = categories.map((c) => ({
    value: c.categoryId,
    label: `${c.categoryCode} ${c.categoryName}`,
  }));
  return (
    <EditableLines
      name="supplyAbilities"
      label={t('registerInfo.supplyAbilities')}
      addLabel={t('registerInfo.addSupplyAbility')}
      readOnly={readOnly}
      columns={[
        {
          title: t('registerInfo.category'),
          cell: (row) => (
            <Form.Item
              name={[row.name, 'categoryId']}
              noStyle
              rules={[{ required: true, message: t('registerInfo.categoryRequired') }]}
            >
              <Select
                options={categoryOptions}
                disabled={readOnly}
                showSearch
                optionFilterProp="label"
                style={{ width: 200 }}
                aria-label={t('registerInfo.category')}
              />
            </Form.Item>
          ),
        },
        {
          title: t('registerInfo.annualCapacity'),
          cell: (row) => (
            <Form.Item name={[row.name, 'annualCapacity']} noStyle>
              <InputNumber min={0} stringMode disabled={readOnly} aria-label={t('registerInfo.annualCapacity')} />
            </Form.Item>
          ),
        },
        {
          title: t('registerInfo.capacityUom'),
          cell: (row) => (
            <Form.Item name={[row.name, 'capacityUom']} noStyle>
              <Select
                options={units}
                allowClear
                disabled={readOnly}
                style={{ width: 110 }}
                aria-label={t('registerInfo.capacityUom')}
              />
            </Form.Item>
          ),
        },
        {
          title: t('registerInfo.leadTimeDays'),
          cell: (row) => (
            <Form.Item name={[row.name, 'leadTimeDays']} noStyle>
              <InputNumber min={0} precision={0} disabled={readOnly} aria-label={t('registerInfo.leadTimeDays')} />
            </Form.Item>
          ),
        },
      ]}
    />
  );
}
