/** The two line tables of /registerInfoEdit: credentials and supply abilities (antd Form.List, one row per line). */
import { Button, Checkbox, Form, Input, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLookup } from '../../../core/LookupContext';
import { selectableValues } from '../../../core/lookupCache';
import type { CategoryOption } from './registrationApi';

function lookupOptions(values: ReturnType<typeof useLookup>) {
  return selectableValues(values ?? []).map((v) => ({ value: v.lookupCode, label: v.meaning }));
}

interface LinesProps {
  readOnly: boolean;
}

export function CredentialLines({ readOnly }: LinesProps) {
  const { t } = useTranslation();
  const types = lookupOptions(useLookup('SLC_CREDENTIAL_TYPE'));
  return (
    <Form.List name="credentials">
      {(rows, { add, remove }) => (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={rows}
            aria-label={t('registerInfo.credentials')}
            columns={[
              {
                title: t('registerInfo.credentialType'),
                render: (_v, row) => (
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
                render: (_v, row) => (
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
                render: (_v, row) => (
                  <Form.Item name={[row.name, 'issuingAuthority']} noStyle>
                    <Input maxLength={200} disabled={readOnly} aria-label={t('registerInfo.issuingAuthority')} />
                  </Form.Item>
                ),
              },
              {
                title: t('registerInfo.expireDate'),
                render: (_v, row) => (
                  <Form.Item name={[row.name, 'expireDate']} noStyle>
                    <Input type="date" disabled={readOnly} aria-label={t('registerInfo.expireDate')} />
                  </Form.Item>
                ),
              },
              {
                title: t('registerInfo.longTerm'),
                width: 90,
                render: (_v, row) => (
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
              ...(readOnly
                ? []
                : [
                    {
                      title: '',
                      width: 70,
                      render: (_v: unknown, row: { name: number }) => (
                        <Button type="link" danger onClick={() => remove(row.name)}>
                          {t('registerInfo.removeLine')}
                        </Button>
                      ),
                    },
                  ]),
            ]}
          />
          {!readOnly && (
            <Button style={{ marginTop: 8 }} onClick={() => add({ longTermFlag: 'N' })}>
              {t('registerInfo.addCredential')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}

export function SupplyAbilityLines({ readOnly, categories }: LinesProps & { categories: CategoryOption[] }) {
  const { t } = useTranslation();
  const units = lookupOptions(useLookup('BASE_UOM'));
  const categoryOptions = categories.map((c) => ({
    value: c.categoryId,
    label: `${c.categoryCode} ${c.categoryName}`,
  }));
  return (
    <Form.List name="supplyAbilities">
      {(rows, { add, remove }) => (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={rows}
            aria-label={t('registerInfo.supplyAbilities')}
            columns={[
              {
                title: t('registerInfo.category'),
                render: (_v, row) => (
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
                render: (_v, row) => (
                  <Form.Item name={[row.name, 'annualCapacity']} noStyle>
                    <InputNumber min={0} stringMode disabled={readOnly} aria-label={t('registerInfo.annualCapacity')} />
                  </Form.Item>
                ),
              },
              {
                title: t('registerInfo.capacityUom'),
                render: (_v, row) => (
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
                render: (_v, row) => (
                  <Form.Item name={[row.name, 'leadTimeDays']} noStyle>
                    <InputNumber
                      min={0}
                      precision={0}
                      disabled={readOnly}
                      aria-label={t('registerInfo.leadTimeDays')}
                    />
                  </Form.Item>
                ),
              },
              ...(readOnly
                ? []
                : [
                    {
                      title: '',
                      width: 70,
                      render: (_v: unknown, row: { name: number }) => (
                        <Button type="link" danger onClick={() => remove(row.name)}>
                          {t('registerInfo.removeLine')}
                        </Button>
                      ),
                    },
                  ]),
            ]}
          />
          {!readOnly && (
            <Button style={{ marginTop: 8 }} onClick={() => add({})}>
              {t('registerInfo.addSupplyAbility')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
