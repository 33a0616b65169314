/**
 * The design tab: the documents of the draft on the left, the open one's designer on the right,
 * and the draft actions (line entity, lifecycle, page layout, validate, preview, publish) on top.
 */
import { Alert, Button, Empty, Input, List, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../core/feedback';
import { useLabel } from '../i18n';
import type { EntityDef, LifecycleDef, PageDef } from '../meta';
import { addLineEntity, draftKey, type DraftDocument } from './entityDraft';
import { EntityEditor } from './EntityEditor';
import { FieldRetirement, type FieldAction } from './FieldRetirement';
import { LifecycleEditor } from './LifecycleEditor';
import {
  editPageOf,
  entityOfLifecycle,
  newLifecycle,
  pageWithStatusLookup,
  withLifecycle,
  withStatusLookup,
} from './lifecycleDraft';
import { PageEditor } from './PageEditor';
import { generatePages, type LineEntity } from './pageLayout';
import { PagePreview } from './PagePreview';
import { PublishDialog } from './PublishDialog';
import { lifecycleTransitions, targetEntityOptions, targetFieldNames, targetLifecycleNames } from './referenceTargets';
import type { MigrationPlan } from './tableModelApi';
import { storedFieldNames, type Designer } from './useDesigner';

function linesOf(header: EntityDef, entities: Record<string, EntityDef>): LineEntity[] {
  return (header.children ?? [])
    .filter((c) => entities[c.entity])
    .map((child) => ({ child, entity: entities[child.entity] }));
}

/** The line entities of a header by child name, for the page designer's line-grid columns. */
function lineEntitiesOf(header: EntityDef | undefined, entities: Record<string, EntityDef>): Record<string, EntityDef> {
  return Object.fromEntries(header ? linesOf(header, entities).map(({ child, entity }) => [child.name, entity]) : []);
}

/** The transitions of the header's lifecycle (drafted or live), for the buttons of its pages. */
const transitionsOf = (designer: Designer, header: EntityDef | undefined) =>
  lifecycleTransitions(
    header,
    designer.draft.filter((d) => d.kind === 'lifecycle').map((d) => d.content as unknown as LifecycleDef),
    designer.targets,
  );

function PageGenerator({ designer, header }: { designer: Designer; header: EntityDef }) {
  const { t } = useTranslation();
  const [base, setBase] = useState(`${header.name}List`);
  const generate = () => {
    const pages = generatePages(base, header, linesOf(header, designer.entities), transitionsOf(designer, header));
    designer.put(pages.map((p) => ({ kind: 'page', name: p.path, content: p as unknown as Record<string, unknown> })));
    designer.setOpenKey(draftKey('page', pages[0].path));
  };
  return (
    <Space.Compact>
      <Input
        aria-label={t('modeling.generate.path')}
        value={base}
        onChange={(e) => setBase(e.target.value)}
        style={{ width: 220 }}
      />
      <Button onClick={generate}>{t('modeling.generate.button')}</Button>
    </Space.Compact>
  );
}

/** A changed lifecycle into the draft, and its entities' status field onto its status lookup. */
function updateLifecycle(designer: Designer, lifecycle: LifecycleDef) {
  designer.update(draftKey('lifecycle', lifecycle.name), lifecycle as never);
  for (const entity of Object.values(designer.entities)) {
    const followed = withStatusLookup(entity, lifecycle);
    if (!followed) continue;
    designer.update(draftKey('entity', entity.name), followed as never);
    for (const page of designer.draft.filter((d) => d.kind === 'page')) {
      const relabelled = pageWithStatusLookup(page.content as unknown as PageDef, entity, lifecycle);
      if (relabelled) designer.update(draftKey('page', page.name), relabelled as never);
    }
  }
}

/**
 * Defines a lifecycle for a header: a starting one goes into the draft, the header points at it
 * and it opens. One already in the draft is opened as is (a second click must not undo edits).
 */
function defineLifecycle(designer: Designer, open: DraftDocument, header: EntityDef) {
  const lifecycle = newLifecycle(header);
  const existing = designer.draft.find((d) => d.kind === 'lifecycle' && d.name === lifecycle.name);
  const content = existing ? (existing.content as unknown as LifecycleDef) : lifecycle;
  designer.put([
    { ...open, content: withLifecycle(header, content) as never },
    ...(existing ? [] : [{ kind: 'lifecycle' as const, name: lifecycle.name, content: lifecycle as never }]),
  ]);
  designer.setOpenKey(draftKey('lifecycle', lifecycle.name));
}

function usePublishing(designer: Designer) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [plan, setPlan] = useState<MigrationPlan>();
  const [previewing, setPreviewing] = useState(false);
  const validate = async () => {
    if (await designer.guarded(() => designer.api.validateDraft(designer.draft)))
      feedback.success(t('modeling.validate.ok'));
  };
  const planPublish = async () => setPlan(await designer.guarded(() => designer.api.previewMigration(designer.draft)));
  const publish = async (comment: string) => {
    const result = await designer.guarded(() => designer.api.publish(designer.draft, comment));
    setPlan(undefined);
    if (!result) return;
    designer.put(
      designer.draft.map((d) => ({
        ...d,
        baseVersion: result.versions.find((v) => v.kind === d.kind && v.name === d.name)?.versionNo ?? d.baseVersion,
        publishedFields: storedFieldNames(d.content),
      })),
    );
    feedback.success(t('modeling.publish.done'));
    await designer.reload();
  };
  return { plan, setPlan, previewing, setPreviewing, validate, planPublish, publish };
}

export function DraftWorkspace({ designer }: { designer: Designer }) {
  const { t } = useTranslation();
  const label = useLabel();
  const publishing = usePublishing(designer);
  const [fieldAction, setFieldAction] = useState<FieldAction>();
  const open = designer.draft.find((d) => draftKey(d.kind, d.name) === designer.openKey);
  const entityNames = useMemo(
    () => targetEntityOptions(designer.entities, designer.targets),
    [designer.entities, designer.targets],
  );
  const lifecycleNames = targetLifecycleNames(
    designer.draft.filter((d) => d.kind === 'lifecycle').map((d) => d.name),
    designer.targets,
  );
  const targetFields = (name: string | undefined) => targetFieldNames(name, designer.entities, designer.targets);
  const unplaced = designer.errors.filter((e) => !e.path);
  const fieldActionOf = (mode: FieldAction['mode']) => (field: string) =>
    open && setFieldAction({ mode, entity: open.name, field, baseVersion: open.baseVersion ?? 0 });
  const onFieldDone = async () => {
    setFieldAction(undefined);
    if (open) await designer.openStored('entity', open.name);
    await designer.reload();
  };
  const entity = open?.kind === 'entity' ? (open.content as unknown as EntityDef) : undefined;
  const loadKey = open ? `${draftKey(open.kind, open.name)}@${open.baseVersion ?? 'new'}` : '';
  return (
    // The draft list beside the designer, or above it when the two do not fit side by side (at
    // 1024 px the designer then keeps the full width for its field grid: docs/decisions.md).
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
      <List
        size="small"
        bordered
        style={{ flex: '1 1 260px', maxWidth: '100%', minWidth: 0 }}
        header={t('modeling.draft')}
        aria-label={t('modeling.draft')}
        dataSource={designer.draft}
        renderItem={(d) => {
          const key = draftKey(d.kind, d.name);
          return (
            <List.Item style={{ background: key === designer.openKey ? '#e6f4ff' : undefined }}>
              <Space size={4}>
                <Tag>{t(`modeling.kind.${d.kind}`)}</Tag>
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => designer.setOpenKey(key)}>
                  {d.name}
                </Button>
                {d.baseVersion === undefined && <Tag color="green">{t('modeling.new')}</Tag>}
                {designer.errors.some((e) => e.document === key) && <Tag color="red">!</Tag>}
              </Space>
            </List.Item>
          );
        }}
      />
      <div style={{ flex: '1000 1 640px', minWidth: 0 }}>
        <Space wrap style={{ marginBottom: 12 }}>
          {entity && !entity.parent && (
            <Button
              onClick={() => {
                const { header, line } = addLineEntity(entity);
                designer.put([
                  { ...open!, content: header as never },
                  { kind: 'entity', name: line.name, content: line as never },
                ]);
                designer.setOpenKey(draftKey('entity', line.name));
              }}
            >
              {t('modeling.addLine')}
            </Button>
          )}
          {entity && !entity.parent && (
            <Button onClick={() => defineLifecycle(designer, open!, entity)}>{t('modeling.newLifecycle')}</Button>
          )}
          {entity && !entity.parent && <PageGenerator key={entity.name} designer={designer} header={entity} />}
          <Button onClick={publishing.validate} disabled={!designer.draft.length}>
            {t('modeling.validate.button')}
          </Button>
          <Button onClick={() => publishing.setPreviewing(true)} disabled={!designer.pages.length}>
            {t('modeling.preview.button')}
          </Button>
          <Button type="primary" onClick={publishing.planPublish} disabled={!designer.draft.length}>
            {t('modeling.publish.button')}
          </Button>
        </Space>
        {unplaced.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('modeling.validate.failed')}
            description={
              <ul>
                {unplaced.map((e, i) => (
                  <li key={i}>
                    {e.document ? `${e.document}: ` : ''}
                    {e.message}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        {!open && <Empty description={t('modeling.nothingOpen')} />}
        {entity && (
          <EntityEditor
            docKey={draftKey('entity', open!.name)}
            loadKey={loadKey}
            entity={entity}
            isNew={open!.baseVersion === undefined}
            publishedFields={new Set(open!.publishedFields ?? [])}
            entityNames={entityNames}
            targetFields={targetFields}
            lifecycleNames={lifecycleNames}
            errors={designer.errors}
            onChange={(doc) => designer.update(draftKey('entity', open!.name), doc as never)}
            onRetire={fieldActionOf('retire')}
            onPurge={fieldActionOf('purge')}
          />
        )}
        {open?.kind === 'page' && (
          <PageEditor
            docKey={draftKey('page', open.name)}
            loadKey={loadKey}
            page={open.content as unknown as PageDef}
            entity={designer.entities[String(open.content.entity)]}
            lineEntities={lineEntitiesOf(designer.entities[String(open.content.entity)], designer.entities)}
            transitions={transitionsOf(designer, designer.entities[String(open.content.entity)])}
            errors={designer.errors}
            onChange={(doc) => designer.update(draftKey('page', open.name), doc as never)}
          />
        )}
        {open?.kind === 'lifecycle' && (
          <LifecycleEditor
            docKey={draftKey('lifecycle', open.name)}
            loadKey={loadKey}
            lifecycle={open.content as unknown as LifecycleDef}
            isNew={open.baseVersion === undefined}
            errors={designer.errors}
            onChange={(doc) => updateLifecycle(designer, doc)}
            loadNames={designer.api.listNames}
            entity={entityOfLifecycle(designer.entities, open.name)}
            editPage={editPageOf(designer.pages, entityOfLifecycle(designer.entities, open.name))}
          />
        )}
        {open && (
          <div style={{ marginTop: 8, color: '#888' }}>
            {label(
              (open.content as { label?: never; title?: never }).label ?? (open.content as { title?: never }).title,
            )}
          </div>
        )}
      </div>
      <PagePreview
        open={publishing.previewing}
        pages={designer.pages}
        entities={designer.entities}
        onClose={() => publishing.setPreviewing(false)}
      />
      <PublishDialog
        plan={publishing.plan}
        onCancel={() => publishing.setPlan(undefined)}
        onPublish={publishing.publish}
      />
      <FieldRetirement
        api={designer.api}
        action={fieldAction}
        onClose={() => setFieldAction(undefined)}
        onDone={onFieldDone}
      />
    </div>
  );
}
