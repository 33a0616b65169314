import type {
  EntityDef,
  FilterNode,
  I18nText,
  LifecycleDef,
  PageAction,
  PageDef,
  TransitionDef,
} from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import { isDecision } from './transitionRules';

/** The runtime's text prompt of an action (page action `prompt`), sent as the body's comment. */
interface CommentPrompt {
  field: string;
  label: I18nText;
  required: boolean;
  maxLength: number;
}

/**
 * An approval decision asks for a comment before it runs: required where the transition says so
 * (reject), optional otherwise (approve). The server enforces the same rule (400).
 */
function commentPrompt(t: TransitionDef): CommentPrompt | undefined {
  if (!isDecision(t) && !t.commentRequired) return undefined;
  return t.commentRequired
    ? { field: 'comment', label: { cn: '意见（必填）', en: 'Comment (required)' }, required: true, maxLength: 2000 }
    : { field: 'comment', label: { cn: '意见（选填）', en: 'Comment (optional)' }, required: false, maxLength: 2000 };
}

/** The field a submit stamps with the submitter (effect stampSubmitter), which the engine's actor rules read. */
export const SUBMITTER_FIELD = 'submittedBy';

/**
 * The transition's actor rules (checkActor) as conditions on the record: a submitterOnly action
 * (withdraw) only for the user who submitted it, an approval decision never for that user unless
 * the rule allows self-approval. They read the stamped submitter, so an entity without that field
 * gets none (the server still answers 403; lifecycleCheck asks for the field).
 */
export function actorConditions(entity: EntityDef, lifecycle: LifecycleDef, t: TransitionDef): FilterNode[] {
  if (!entity.fields.some((f) => f.name === SUBMITTER_FIELD)) return [];
  const conditions: FilterNode[] = [];
  if (t.submitterOnly) conditions.push({ field: SUBMITTER_FIELD, op: 'eq', value: '$user.userId' });
  if (isDecision(t) && !lifecycle.approvalRule?.allowSelfApproval)
    conditions.push({ field: SUBMITTER_FIELD, op: 'ne', value: '$user.userId' });
  return conditions;
}

/**
 * Page actions that run a lifecycle transition are shown only where the transition is legal:
 * the record's state is one of its `from` states, its guard holds and the user may run it (the
 * actor rules: submitter only, no self-approval). The condition is ANDed into
 * the action's showWhen here, from the lifecycle metadata itself, so the runtime evaluates it with
 * the shared evaluateFilter and a page author never repeats (or contradicts) the state machine.
 * Approval decisions also get the comment prompt (an action's own prompt wins).
 */
export function withLifecycleConditions(registry: MetadataRegistry, unguarded: PageDef): PageDef {
  const entity = unguarded.entity ? registry.entity(unguarded.entity) : undefined;
  const page = entity ? withRecordGuards(entity.def, unguarded) : unguarded;
  const lifecycle = entity?.def.lifecycle ? registry.lifecycle(entity.def.lifecycle) : undefined;
  if (!entity || !lifecycle || !entity.statusField || !page.actions?.length) return page;
  const statusField = entity.statusField;
  const actions = page.actions.map((action: PageAction & { prompt?: unknown }): PageAction => {
    const t = lifecycle.transitions.find((tr) => tr.action === action.action || tr.aliases?.includes(action.action));
    if (!t) return action;
    const conditions: FilterNode[] = [{ field: statusField, op: 'in', value: t.from }];
    if (t.guard) conditions.push(t.guard);
    conditions.push(...actorConditions(entity.def, lifecycle, t));
    if (action.showWhen) conditions.unshift(action.showWhen);
    const prompt = action.prompt ?? commentPrompt(t);
    return { ...action, showWhen: { and: conditions }, ...(prompt ? { prompt } : {}) } as PageAction;
  });
  return { ...page, actions };
}

const EDITS = new Set(['edit', 'saveOrUpdate']);
const DELETES = new Set(['delete', 'doBatchDelete']);

/**
 * The entity's own guards on its page's buttons: edit and save only where editableWhen holds,
 * delete only where deletableWhen holds — the runtime then hides them on other records (and shows
 * such a record read-only) instead of offering what the server refuses with a 409.
 */
/** A page author who wrote the guard (alone or as one of an `and`) does not get it twice. */
function saysAlready(showWhen: FilterNode | undefined, guard: FilterNode): boolean {
  if (!showWhen) return false;
  const same = (node: FilterNode) => JSON.stringify(node) === JSON.stringify(guard);
  return same(showWhen) || ('and' in showWhen && showWhen.and.some(same));
}

export function withRecordGuards(entity: EntityDef, page: PageDef): PageDef {
  // editableWhen speaks of stored records (the server checks it on update only): a new one may be saved.
  const editable: FilterNode | undefined = entity.editableWhen && {
    or: [{ field: entity.primaryKey, op: 'null' }, entity.editableWhen],
  };
  const guardOf = (action: string) =>
    EDITS.has(action) ? editable : DELETES.has(action) ? entity.deletableWhen : undefined;
  if (!page.actions?.some((a) => guardOf(a.action))) return page;
  const actions = page.actions.map((action): PageAction => {
    const guard = guardOf(action.action);
    if (!guard || saysAlready(action.showWhen, guard)) return action;
    return { ...action, showWhen: action.showWhen ? { and: [action.showWhen, guard] } : guard };
  });
  return { ...page, actions };
}

/** What the runtime needs of a lifecycle to run its actions: transitions, their comment rules and input fields. */
export interface ClientLifecycle {
  name: string;
  statusLookup: string;
  transitions: Pick<
    LifecycleDef['transitions'][number],
    | 'action'
    | 'aliases'
    | 'from'
    | 'to'
    | 'label'
    | 'approval'
    | 'commentRequired'
    | 'submitterOnly'
    | 'effects'
    | 'input'
  >[];
}

/**
 * The lifecycles of the entities a page bundle carries, by entity name (approval rules stay on the
 * server). A lifecycle only other documents move (historyNamesCause: a supplier's status) is not
 * sent: its record's page has no action of it, and shows no timeline of moves that name internal
 * documents and their comments (a supplier reads its own master).
 */
export function clientLifecycles(registry: MetadataRegistry, entityNames: string[]): Record<string, ClientLifecycle> {
  const result: Record<string, ClientLifecycle> = {};
  for (const name of entityNames) {
    const lifecycleName = registry.entity(name)?.def.lifecycle;
    const lc = lifecycleName ? registry.lifecycle(lifecycleName) : undefined;
    if (!lc || lc.historyNamesCause) continue;
    result[name] = {
      name: lc.name,
      statusLookup: lc.statusLookup,
      transitions: lc.transitions.map(
        ({ action, aliases, from, to, label, approval, commentRequired, submitterOnly, effects, input }) => ({
          action,
          aliases,
          from,
          to,
          label,
          approval,
          commentRequired,
          submitterOnly,
          effects,
          input,
        }),
      ),
    };
  }
  return result;
}
