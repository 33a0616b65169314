/**
 * Picks a record of another entity (FieldDef.reference): remote search through the target's
 * listByPage with `like` on its label field and the field's declared filter (reference.filter),
 * twenty rows a page, more on scrolling to the end of the list or with "load more". A picker whose
 * filter names `$form.x` waits, disabled, until x has a value (a search form's picker does not:
 * there an empty x just drops its condition). The chosen label is written next to the value
 * under reference.labelAs (e.g. orgName beside orgId), as list rows carry it, so the label
 * shows without another call.
 */
import { connect, mapReadPretty, observer, useField, useForm } from '@formily/react';
import { Button, Select, type SelectProps } from 'antd';
import { useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataProvider } from '../core/DataProviderContext';
import type { ReferenceTarget } from '../schema/fieldComponent';
import { useLabelInLanguage, useMissingLabel } from './referenceRelabel';
import { searchReferences, type ReferenceOption } from './referenceSearch';
import { useReferenceFilter, type ReferenceFilterState } from './useReferenceFilter';

export { searchReferences } from './referenceSearch';

export interface ReferenceSelectProps extends Omit<SelectProps, 'options' | 'onChange'> {
  target?: ReferenceTarget;
  /** Search forms: a `$form.x` without a value drops its condition instead of disabling the picker. */
  looseDependencies?: boolean;
  onChange?: (value: unknown) => void;
}

const SEARCH_DELAY_MS = 300;

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The chosen record's label; nothing while it is being read, the bare value only when no record has it. */
function shownLabel(value: unknown, label: string | undefined, reading: boolean): string {
  if (!isBlank(label)) return String(label);
  return reading ? '' : String(value);
}

/** Within this many pixels of the list's end, scrolling fetches the next page. */
const SCROLL_MARGIN_PX = 24;

/** Reads and writes the sibling labelAs value of the field being edited. */
function useLabelAs(labelAs: string | undefined) {
  const field = useField();
  const form = useForm();
  const path = labelAs
    ? (field as unknown as { path: { parent(): { concat(key: string): unknown } } }).path.parent().concat(labelAs)
    : null;
  return {
    label: path ? (form.getValuesIn(path as never) as string | undefined) : undefined,
    setLabel: (label: string | undefined) => path && form.setValuesIn(path as never, label),
  };
}

function useReferenceOptions(target: ReferenceTarget | undefined, { filter, key }: ReferenceFilterState) {
  const provider = useDataProvider();
  const [options, setOptions] = useState<ReferenceOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [more, setMore] = useState(false);
  const query = useRef({ text: '', pageIndex: 1, serial: 0 });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fetchPage = (text: string, pageIndex: number) => {
    if (!target) return;
    const serial = ++query.current.serial;
    query.current = { text, pageIndex, serial };
    setLoading(true);
    searchReferences(provider, target, { text, filter, pageIndex })
      .then(
        (page) => {
          if (serial !== query.current.serial) return;
          setOptions((current) => (pageIndex === 1 ? page.options : [...current, ...page.options]));
          setMore(page.more);
        },
        () => serial === query.current.serial && (setOptions([]), setMore(false)),
      )
      .finally(() => serial === query.current.serial && setLoading(false));
  };
  const run = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => fetchPage(text, 1), SEARCH_DELAY_MS);
  };
  const loadMore = () => {
    if (more && !loading) fetchPage(query.current.text, query.current.pageIndex + 1);
  };
  // Options found under another filter (the previous company's plants) are not offered under this one.
  useEffect(() => {
    query.current.serial++;
    setOptions([]);
    setMore(false);
  }, [key]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { options, loading, more, run, loadMore };
}

export const ReferenceSelectBase = observer(function ReferenceSelectBase({
  target,
  looseDependencies,
  value,
  onChange,
  disabled,
  placeholder,
  'aria-label': ariaLabel,
  ...rest
}: ReferenceSelectProps) {
  const field = useField();
  const { t } = useTranslation();
  const { label, setLabel } = useLabelAs(target?.labelAs);
  useLabelInLanguage(target, value, setLabel);
  const reading = useMissingLabel(target, value, label, setLabel);
  const filterState = useReferenceFilter(target, looseDependencies);
  const waiting = filterState.waitingFor.length > 0;
  const { options, loading, more, run, loadMore } = useReferenceOptions(target, filterState);
  const shown = useMemo(() => {
    const hasCurrent = value === undefined || value === null || value === '' || options.some((o) => o.value === value);
    return hasCurrent
      ? options
      : [{ value: value as string | number, label: shownLabel(value, label, reading) }, ...options];
  }, [options, value, label, reading]);
  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - SCROLL_MARGIN_PX) loadMore();
  };
  return (
    <Select
      {...rest}
      showSearch
      allowClear
      filterOption={false}
      loading={loading}
      disabled={!target?.area || disabled || waiting}
      placeholder={
        waiting
          ? t('reference.chooseFirst', { fields: filterState.waitingFor.join(t('reference.fieldSeparator')) })
          : placeholder
      }
      aria-label={ariaLabel ?? (field as { title?: string }).title}
      options={shown}
      value={value === '' || value === null ? undefined : value}
      onSearch={run}
      onOpenChange={(open) => open && run('')}
      onPopupScroll={onPopupScroll}
      popupRender={(menu) => (
        <>
          {menu}
          {more && (
            <Button type="link" block loading={loading} onMouseDown={(e) => e.preventDefault()} onClick={loadMore}>
              {t('reference.loadMore')}
            </Button>
          )}
        </>
      )}
      onChange={(next, option) => {
        setLabel(next === undefined ? undefined : (option as ReferenceOption | undefined)?.label);
        onChange?.(next ?? null);
      }}
      style={{ width: '100%' }}
      // The every-menu browser test compares what the field shows with the value it holds (no bare id).
      data-reference-value={isBlank(value) ? undefined : String(value)}
    />
  );
});

const ReferenceReadPretty = observer(function ReferenceReadPretty({ target, value }: ReferenceSelectProps) {
  const { label, setLabel } = useLabelAs(target?.labelAs);
  useLabelInLanguage(target, value, setLabel);
  const reading = useMissingLabel(target, value, label, setLabel);
  if (isBlank(value)) return null;
  return <span data-reference-value={String(value)}>{shownLabel(value, label, reading)}</span>;
});

export const ReferenceSelect = connect(ReferenceSelectBase, mapReadPretty(ReferenceReadPretty));
