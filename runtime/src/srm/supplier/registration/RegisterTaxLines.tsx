/**
 * The tax record and factory / address lines of /registerInfoEdit (srmSlcRegisterTax and
 * srmSlcRegisterLocation, DOMAIN section 15 flow 1 step 3): on approval they become the supplier's
 * tax records and locations.
 */
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditableLines, useLookupOptions, type LineRow } from './EditableLines';

interface LinesProps {
  readOnly: boolean;
}

/** A text cell of a line; `required` names the message key shown when it is left empty. */
function useTextCell(readOnly: boolean) {
  const { t } = useTranslation();
  return (field: string, maxLength: number, required?: string, width?: number) => (row: LineRow) => (
    <Form.Item
      name={[row.name, field]}
      noStyle
      rules={required ? [{ required: true, whitespace: true, message: t(`registerInfo.${required}`) }] : undefined}
    >
      <Input
        maxLength={maxLength}
        disabled={readOnly}
        aria-label={t(`registerInfo.${field}`)}
        style={width ? { width } : undefined}
      />
    </Form.Item>
  );
}

/** A value-set cell of a line. */
function useLookupCell(readOnly: boolean) {
  const { t } = useTranslation();
  return (field: string, options: { value: string; label: string }[], required?: string) => (row: LineRow) => (
    <Form.Item
      name={[row.name, field]}
      noStyle
      rules={required ? [{ required: true, message: t(`registerInfo.${required}`) }] : undefined}
    >
      <Select
        options={options}
        allowClear={!required}
        disabled={readOnly}
        style={{ width: 160 }}
        aria-label={t(`registerInfo.${field}`)}
      />
    </Form.Item>
  );
}

export function TaxLines({ readOnly }: LinesProps) {
  const { t } = useTranslation();
  const text = useTextCell(readOnly);
  const lookup = useLookupCell(readOnly);
  const taxpayerTypes = useLookupOptions('SLC_TAXPAYER_TYPE');
  const invoiceTypes = useLookupOptions('RCN_INVOICE_TYPE');
  const taxCodes = useLookupOptions('BASE_TAX_CODE');
  return (
    <EditableLines
      name="taxes"
      label={t('registerInfo.taxes')}
      addLabel={t('registerInfo.addTax')}
      readOnly={readOnly}
      defaults={{ primaryFlag: 'Y' }}
      columns={[
        {
          title: t('registerInfo.taxpayerIdNumber'),
          cell: text('taxpayerIdNumber', 30, 'taxpayerIdNumberRequired', 200),
        },
        { title: t('registerInfo.taxpayerType'), cell: lookup('taxpayerType', taxpayerTypes, 'taxpayerTypeRequired') },
        { title: t('registerInfo.invoiceType'), cell: lookup('invoiceType', invoiceTypes) },
        { title: t('registerInfo.taxCode'), cell: lookup('taxCode', taxCodes, 'taxCodeRequired') },
        { title: t('registerInfo.invoiceTitle'), cell: text('invoiceTitle', 200, undefined, 200) },
      ]}
    />
  );
}

export function LocationLines({ readOnly }: LinesProps) {
  const { t } = useTranslation();
  const text = useTextCell(readOnly);
  const lookup = useLookupCell(readOnly);
  const locationTypes = useLookupOptions('SLC_LOCATION_TYPE');
  return (
    <EditableLines
      name="locations"
      label={t('registerInfo.locations')}
      addLabel={t('registerInfo.addLocation')}
      readOnly={readOnly}
      defaults={{ locationType: 'FACTORY', countryCode: 'CN' }}
      columns={[
        { title: t('registerInfo.locationName'), cell: text('locationName', 200, 'locationNameRequired', 180) },
        { title: t('registerInfo.locationType'), cell: lookup('locationType', locationTypes, 'locationTypeRequired') },
        { title: t('registerInfo.addressDetail'), cell: text('addressDetail', 300, 'addressDetailRequired', 320) },
        { title: t('registerInfo.postalCode'), cell: text('postalCode', 10, undefined, 100) },
      ]}
    />
  );
}
