/**
 * Who receives a declared to-do or notification (lifecycle.schema.json $defs/recipients): the
 * approvers (holders of responsibilities or roles, picked by name), the submitter, the creator, or
 * the user or supplier a field of the record names. One control over the whole `to` object, so a
 * change of kind replaces it — the schema allows exactly one key.
 */
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecipientsDef } from '../meta';
import { isSupplierField, isUserField, useFieldOptions, useNamedRows } from './behaviourOptions';

type Kind = 'approvers' | 'submitter' | 'creator' | 'userField' | 'supplierField';
const KINDS: Kind[] = ['approvers', 'submitter', 'creator', 'userField', 'supplierField'];

export function recipientKind(to: RecipientsDef | undefined): Kind | undefined {
  return KINDS.find((k) => to && k in to);
}

/** A new recipient of that kind: flags are set at once, the rest is picked next. */
function fresh(kind: Kind): RecipientsDef {
  if (kind === 'submitter') return { submitter: true };
  if (kind === 'creator') return { creator: true };
  if (kind === 'approvers') return { approvers: {} };
  return { [kind]: undefined } as RecipientsDef;
}

function ApproverPickers({ value, onChange }: { value: RecipientsDef; onChange: (to: RecipientsDef) => void }) {
  const { t } = useTranslation();
  const responsibilities = useNamedRows('responsibilities');
  const roles = useNamedRows('roles');
  const set = value.approvers ?? {};
  const put = (key: 'responsibilities' | 'roles', codes: string[]) =>
    onChange({ approvers: { ...set, [key]: codes.length ? codes : undefined } });
  return (
    <>
      <Select
        aria-label={t('modeling.behaviour.responsibilities')}
        placeholder={t('modeling.behaviour.responsibilities')}
        mode="multiple"
        optionFilterProp="label"
        options={responsibilities}
        value={set.responsibilities ?? []}
        onChange={(codes: string[]) => put('responsibilities', codes)}
        style={{ minWidth: 160 }}
      />
      <Select
        aria-label={t('modeling.behaviour.roles')}
        placeholder={t('modeling.behaviour.roles')}
        mode="multiple"
        optionFilterProp="label"
        options={roles}
        value={set.roles ?? []}
        onChange={(codes: string[]) => put('roles', codes)}
        style={{ minWidth: 140 }}
      />
    </>
  );
}

interface Props {
  value?: RecipientsDef;
  onChange?: (to: RecipientsDef) => void;
}

export function RecipientPicker({ value, onChange }: Props) {
  const { t } = useTranslation();
  const userFields = useFieldOptions(isUserField);
  const supplierFields = useFieldOptions(isSupplierField);
  const kind = recipientKind(value);
  const change = (to: RecipientsDef) => onChange?.(to);
  const fieldKind = kind === 'userField' || kind === 'supplierField' ? kind : undefined;
  return (
    <Space.Compact>
      <Select
        aria-label={t('modeling.behaviour.recipient')}
        placeholder={t('modeling.behaviour.recipient')}
        options={KINDS.map((k) => ({ value: k, label: t(`modeling.behaviour.to_${k}`) }))}
        value={kind}
        onChange={(k: Kind) => change(fresh(k))}
        style={{ width: 130 }}
      />
      {kind === 'approvers' && value && <ApproverPickers value={value} onChange={change} />}
      {fieldKind && (
        <Select
          aria-label={t(`modeling.behaviour.to_${fieldKind}`)}
          options={fieldKind === 'userField' ? userFields : supplierFields}
          value={(value as Record<string, string | undefined>)[fieldKind]}
          onChange={(field: string) => change({ [fieldKind]: field } as RecipientsDef)}
          style={{ width: 150 }}
        />
      )}
    </Space.Compact>
  );
}
