import type { ApproverSet, EntityModel, LifecycleDef, LineAggregateValue, TransitionDef } from '@meridian/metadata';
import type { Row, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import type { ResourceContext } from '../resource/context';

/** The values of a transition's line aggregates (lineAggregates.ts), by the effect value that names each. */
export type LineAggregates = ReadonlyMap<LineAggregateValue, SqlParam>;

/** Who runs a transition: the signed-in user (null for system calls). */
export interface Actor {
  userId: number | null;
  userName: string | null;
}

/** One record's transition as the effects, history and named handlers see it, inside the transaction. */
export interface TransitionRun {
  entity: EntityModel;
  lifecycle: LifecycleDef;
  transition: TransitionDef;
  id: number;
  /** The record as read under lock before the change. */
  record: Row;
  from: string;
  /** The state written: the transition's `to`, or `from` while further approval steps remain. */
  to: string;
  /** 1-based approval step decided by this action (approval transitions only). */
  step?: number;
  /** The approver sets in force for this document (approvalEffects.approvalSteps); empty without an approval rule. */
  approvalSteps: ApproverSet[];
  /** true when this approval hands the document to the next step instead of finishing. */
  advancing: boolean;
  comment: string | null;
  /** The transition's input as written with the state change (given values and defaults): the record after it has them. */
  input: Row;
  actor: Actor;
  /** The values of the line aggregates its effects name (lineAggregates.ts), read when it starts. */
  aggregates?: LineAggregates;
  /** The user who submitted the document (latest submit), when known. */
  submitterId: number | null;
  ctx: ResourceContext;
  tx: SqlExecutor;
  /** The run of another record whose transitionRelated effect runs this one. */
  cause?: TransitionRun;
}
