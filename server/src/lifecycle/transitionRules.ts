import { pickText, type I18nText, type LifecycleDef, type TransitionDef } from '@meridian/metadata';
import type { ResourceContext } from '../resource/context';
import { isSupplierType } from '../access/accessService';
import type { MetadataRegistry } from '@meridian/metadata/node';
import { ApiError, Errors } from '../http/apiError';
import type { Actor } from './transitionRun';

const MAX_IDS = 1000;
const MAX_COMMENT = 2000;

export function idsOf(body: Record<string, unknown>): number[] {
  const raw = body.ids !== undefined ? body.ids : body.id !== undefined ? [body.id] : [];
  if (!Array.isArray(raw) || raw.length === 0)
    throw Errors.badRequest('请指定要处理的记录', 'Give the id or a non-empty ids list');
  if (raw.length > MAX_IDS) throw Errors.badRequest(`一次最多 ${MAX_IDS} 条`, `At most ${MAX_IDS} ids at once`);
  return [
    ...new Set(
      raw.map((v) => {
        const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
        if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1)
          throw Errors.badRequest('id 无效', 'ids must be positive integers');
        return n;
      }),
    ),
  ];
}

/** The optional comment of an action (trimmed); 400 when the transition requires one and it is empty. */
export function commentOf(body: Record<string, unknown>, t: TransitionDef): string | null {
  const raw = body.comment;
  if (raw !== undefined && raw !== null && typeof raw !== 'string')
    throw Errors.badRequest('意见必须是文本', 'comment must be text');
  const comment = (raw ?? '').trim();
  if (comment.length > MAX_COMMENT)
    throw Errors.badRequest(`意见最多 ${MAX_COMMENT} 个字符`, `The comment is at most ${MAX_COMMENT} characters`, [
      { field: 'comment', message: `at most ${MAX_COMMENT} characters` },
    ]);
  if (!comment && t.commentRequired) {
    const verb = pickText(t.label ?? { cn: t.action, en: t.action }, 'CN');
    throw Errors.badRequest(
      `${verb}时必须填写意见`,
      `A comment is required to ${(t.label?.en ?? t.action).toLowerCase()}`,
      [{ field: 'comment', message: 'required' }],
    );
  }
  return comment || null;
}

/** An approver's decision (approve, reject): `approval` on a transition that does not submit. */
export function isDecision(t: TransitionDef): boolean {
  return !!t.approval && !t.effects?.includes('stampSubmitter');
}

export function stateMeaning(registry: MetadataRegistry, lifecycle: LifecycleDef, state: string): I18nText {
  return (
    registry.lookupType(lifecycle.statusLookup)?.values.find((v) => v.lookupCode === state)?.meaning ?? {
      cn: state,
      en: state,
    }
  );
}

/** 409 naming the action and the current state: "Cannot approve: the document is DRAFT (Draft)". */
export function illegalTransition(
  registry: MetadataRegistry,
  lifecycle: LifecycleDef,
  t: TransitionDef,
  state: string,
): ApiError {
  const meaning = stateMeaning(registry, lifecycle, state);
  const label = t.label ?? { cn: t.action, en: t.action };
  return Errors.conflict(
    `无法${label.cn}：单据当前状态为${state}（${meaning.cn}）`,
    `Cannot ${label.en.toLowerCase()}: the document is ${state} (${meaning.en})`,
  );
}

/** Who may run the action: no self-approval unless the rule allows it; submitterOnly actions only by the submitter. */
export function checkActor(lifecycle: LifecycleDef, t: TransitionDef, actor: Actor, submitterId: number | null): void {
  if (
    isDecision(t) &&
    !lifecycle.approvalRule?.allowSelfApproval &&
    submitterId !== null &&
    submitterId === actor.userId
  ) {
    throw Errors.forbidden('提交人不能审批自己提交的单据', 'The submitter cannot approve their own document');
  }
  if (t.submitterOnly && (submitterId === null || submitterId !== actor.userId)) {
    const label = t.label ?? { cn: t.action, en: t.action };
    throw Errors.forbidden(
      `只有提交人可以${label.cn}`,
      `Only the submitter can ${label.en.toLowerCase()} this document`,
    );
  }
}

/**
 * A transition for one kind of user (`by`): supplier users run the supplier's steps (confirm,
 * feedback), internal users the buyer's. System calls (no user) are not checked.
 */
export function checkActorKind(t: TransitionDef, ctx: ResourceContext): void {
  if (!t.by || ctx.userId === null) return;
  const user = ctx.vars.user as { userType?: unknown; supplierId?: unknown } | undefined;
  const supplierType = isSupplierType(String(user?.userType ?? ''));
  const label = t.label ?? { cn: t.action, en: t.action };
  if (t.by === 'supplier' && !(supplierType && user?.supplierId))
    throw Errors.forbidden(`只有供应商用户可以${label.cn}`, `Only supplier users can ${label.en.toLowerCase()}`);
  if (t.by === 'internal' && supplierType)
    throw Errors.forbidden(`供应商用户不能${label.cn}`, `Supplier users cannot ${label.en.toLowerCase()}`);
}

/** In a batch, the failing record is named in the message (the whole batch is rolled back). */
export function inBatch(error: unknown, id: number): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.httpStatus,
    {
      cn: `记录 ${id}：${error.text.cn}（整批未处理）`,
      en: `Record ${id}: ${error.text.en} (nothing in the batch was changed)`,
    },
    error.errors,
  );
}
