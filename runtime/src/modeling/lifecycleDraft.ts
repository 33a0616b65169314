/**
 * Lifecycle drafts: a starting lifecycle for an entity (draft → submitted → approved/rejected) and
 * the lifecycle document of the designer's form values.
 */
import type { EntityDef, LifecycleDef, PageDef, TransitionDef } from '../meta';
import { pruneEmpty } from './entityDraft';

/**
 * The seeded approval status lookup (metadata/apps/srm/common/lookups/status.json; there is no generic
 * document status): it has the codes DRAFT, SUBMITTED, APPROVED, REJECTED, the states of the
 * starting lifecycle, so that it validates as is.
 */
export const DEFAULT_STATUS_LOOKUP = 'SRM_APPROVE_STATUS';

/** Transition flags the form shows as checkboxes: false is "not set", as in the shipped lifecycles. */
const FLAGS = ['approval', 'commentRequired', 'submitterOnly'] as const;

/**
 * A lifecycle to start from: submit, then an approver approves or rejects (with a comment).
 * Submit stamps the submitter: the server knows the submitter only from that effect, and without
 * it the submitter could decide on their own document. Neither effect needs an approval rule.
 */
export function newLifecycle(entity: EntityDef): LifecycleDef {
  return {
    metaVersion: 1,
    kind: 'lifecycle',
    name: `${entity.name}Flow`,
    statusLookup: DEFAULT_STATUS_LOOKUP,
    initial: 'DRAFT',
    states: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'],
    transitions: [
      {
        action: 'doSubmit',
        from: ['DRAFT', 'REJECTED'],
        to: 'SUBMITTED',
        resourceCode: 'btnSubmit',
        label: { cn: '提交', en: 'Submit' },
        effects: ['stampSubmitter'],
      },
      {
        action: 'doApprove',
        from: ['SUBMITTED'],
        to: 'APPROVED',
        resourceCode: 'btnApprove',
        label: { cn: '审批通过', en: 'Approve' },
        approval: true,
        effects: ['stampApprover'],
      },
      {
        action: 'doReject',
        from: ['SUBMITTED'],
        to: 'REJECTED',
        resourceCode: 'btnReject',
        label: { cn: '驳回', en: 'Reject' },
        approval: true,
        commentRequired: true,
        effects: ['stampApprover'],
      },
    ],
  };
}

/**
 * The status field of an entity getting `lifecycle`: the one it names already, else the field
 * holding the lifecycle's status lookup. None when the entity has no such field (the admin adds one).
 */
export function statusFieldFor(entity: EntityDef, lifecycle: LifecycleDef): string | undefined {
  if (entity.statusField) return entity.statusField;
  return entity.fields.find((f) => f.type === 'lookup' && f.lookupType === lifecycle.statusLookup)?.name;
}

/**
 * The entity pointing at `lifecycle` with its status field: the one it has, else a new lookup
 * field `status` (`docStatus` when that name is taken) over the lifecycle's status lookup — the
 * server fills it with the initial state on create, so a designed screen runs without more steps.
 */
export function withLifecycle(entity: EntityDef, lifecycle: LifecycleDef): EntityDef {
  const existing = statusFieldFor(entity, lifecycle);
  const name = existing ?? (entity.fields.some((f) => f.name === 'status') ? 'docStatus' : 'status');
  const field = {
    name,
    type: 'lookup' as const,
    lookupType: lifecycle.statusLookup,
    label: { cn: '状态', en: 'Status' },
  };
  const fields: EntityDef['fields'] = existing ? entity.fields : [...entity.fields, field];
  return {
    ...entity,
    lifecycle: lifecycle.name,
    statusField: name,
    fields,
    editableWhen: entity.editableWhen ?? editableStates(name, lifecycle),
  };
}

/**
 * Where the author may still change a record: no state yet (rows older than the lifecycle) or a
 * state the author's own transitions leave from (not approval decisions: draft and rejected in
 * the starting lifecycle) — a document under approval is not edited behind the approver's back.
 */
function editableStates(statusField: string, lifecycle: LifecycleDef): EntityDef['editableWhen'] {
  const states = [...new Set(lifecycle.transitions.filter((t) => !t.approval).flatMap((t) => t.from))];
  if (!states.length) return undefined;
  return {
    or: [
      { field: statusField, op: 'null' },
      { field: statusField, op: 'in', value: states },
    ],
  };
}

/** Lists of the behaviour section: a removed row leaves a hole until the form re-renders; none left is no list. */
const BEHAVIOUR_LISTS = ['effects', 'checks'] as const;

function transitionDocument(t: TransitionDef): TransitionDef {
  const kept: Record<string, unknown> = { ...t };
  for (const flag of FLAGS) if (!kept[flag]) delete kept[flag];
  for (const list of BEHAVIOUR_LISTS) {
    const items = ((kept[list] as unknown[] | undefined) ?? []).filter(Boolean);
    if (items.length) kept[list] = items;
    else delete kept[list];
  }
  return kept as unknown as TransitionDef;
}

/** The lifecycle document of the form values: cleared inputs and unchecked flags left out. */
export function lifecycleDocument(values: Partial<LifecycleDef>): LifecycleDef {
  const doc = pruneEmpty({
    ...values,
    metaVersion: 1,
    kind: 'lifecycle' as const,
    // A removed row leaves a hole in the form's list until it re-renders.
    transitions: (values.transitions ?? []).filter(Boolean).map(transitionDocument),
  }) as LifecycleDef;
  // Required by the schema: an empty list stays a list, so the server names what is missing.
  if (!doc.states) doc.states = [] as unknown as LifecycleDef['states'];
  return doc;
}

/** The entity (of those given) whose lifecycle this is: the first pointing at it. */
export function entityOfLifecycle(entities: Record<string, EntityDef>, lifecycle: string): EntityDef | undefined {
  return Object.values(entities).find((e) => e?.lifecycle === lifecycle);
}

/** The path of the entity's edit page among these pages, if it has one. */
export function editPageOf(pages: PageDef[], entity: EntityDef | undefined): string | undefined {
  return entity && pages.find((p) => p.entity === entity.name && p.type === 'edit')?.path;
}

/**
 * The entity with its status field over the lifecycle's status lookup: the admin who picks another
 * value set for the states (one with CLOSED) must not see the records' states as raw codes.
 * Undefined when nothing changes.
 */
export function withStatusLookup(entity: EntityDef, lifecycle: LifecycleDef): EntityDef | undefined {
  const status = entity.fields.find((f) => f.name === entity.statusField);
  if (entity.lifecycle !== lifecycle.name || status?.type !== 'lookup' || !lifecycle.statusLookup) return undefined;
  if (status.lookupType === lifecycle.statusLookup) return undefined;
  return {
    ...entity,
    fields: entity.fields.map((f) =>
      f === status ? { ...f, lookupType: lifecycle.statusLookup } : f,
    ) as EntityDef['fields'],
  };
}

/**
 * The page with its status column over the lifecycle's status lookup: a generated list column
 * carries the lookup it was generated with, and would show the new value set's codes raw.
 * Undefined when the page has no such column to change.
 */
export function pageWithStatusLookup(page: PageDef, entity: EntityDef, lifecycle: LifecycleDef): PageDef | undefined {
  const stale = (c: NonNullable<PageDef['grid']>['columns'][number]) =>
    c.key === entity.statusField && !!c.lookup && c.lookup.typeCode !== lifecycle.statusLookup;
  if (page.entity !== entity.name || !page.grid?.columns.some(stale)) return undefined;
  const columns = page.grid.columns.map((c) =>
    stale(c) ? { ...c, lookup: { ...c.lookup!, typeCode: lifecycle.statusLookup } } : c,
  ) as typeof page.grid.columns;
  return { ...page, grid: { ...page.grid, columns } };
}
