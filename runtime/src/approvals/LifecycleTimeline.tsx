/**
 * The record's lifecycle history as a timeline under the edit and detail form: who did what,
 * when, from which state to which, and their comment. Read through findHistory, which the
 * server answers only to a reader of the record; it reloads when the record's version changes
 * (after an action on this page).
 */
import { Alert, Card, Empty, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataProvider } from '../core/DataProviderContext';
import { isApiError } from '../core/apiError';
import type { DataRecord, EntityDef } from '../meta';
import { LookupTag } from '../widgets/LookupTag';
import { useLifecycleOf } from './LifecycleContext';

export interface LifecycleTimelineProps {
  entity: EntityDef;
  record: DataRecord | null;
}

const DECISION_COLOURS: Record<string, string> = {
  APPROVED: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'gray',
  CANCELLED: 'gray',
};

export function LifecycleTimeline({ entity, record }: LifecycleTimelineProps) {
  const { t } = useTranslation();
  const provider = useDataProvider();
  const lifecycle = useLifecycleOf(entity.name);
  const id = record?.[entity.primaryKey];
  const version = record?.versionNum;
  const [rows, setRows] = useState<DataRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!lifecycle || id === undefined || id === null) return;
    let live = true;
    provider.findHistory(entity, id).then(
      (found) => live && (setRows(found), setError(null)),
      (e: unknown) => live && setError(isApiError(e) ? e.msg : t('approval.historyFailed')),
    );
    return () => {
      live = false;
    };
  }, [provider, entity, id, version, lifecycle, t]);
  if (!lifecycle || id === undefined || id === null) return null;
  const items = (rows ?? []).map((row) => ({
    key: String(row.historyId),
    color: DECISION_COLOURS[String(row.toState)] ?? 'blue',
    children: (
      <div data-testid="timeline-item">
        <Typography.Text strong>{String(row.actionLabel ?? row.action)}</Typography.Text>
        {' · '}
        <LookupTag lookupType={lifecycle.statusLookup} code={row.fromState} />
        {' → '}
        <LookupTag lookupType={lifecycle.statusLookup} code={row.toState} />
        <div>
          {/* The actor by name in the interface's language (findHistory's actorName), else the login kept. */}
          <Typography.Text type="secondary">{`${row.actorName ?? row.userName ?? ''} · ${row.actionDate ?? ''}`}</Typography.Text>
        </div>
        {row.comment ? <div>{t('approval.commentShown', { comment: String(row.comment) })}</div> : null}
      </div>
    ),
  }));
  return (
    <Card size="small" title={t('approval.timeline')} style={{ marginTop: 16 }} aria-label={t('approval.timeline')}>
      {error && <Alert type="error" showIcon message={error} />}
      {!error && rows !== null && items.length === 0 && <Empty description={t('approval.noHistory')} />}
      {items.length > 0 && <Timeline items={items} />}
    </Card>
  );
}
