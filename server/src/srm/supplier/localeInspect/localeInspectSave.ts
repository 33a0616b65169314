/**
 * Who may write what on an on-site inspection (DOMAIN.md §1.6), checked on every save. The entities
 * declare what holds for every user of a type: the checklist columns are serverOnly, the lines fixed
 * (children[].fixedLines), self scores written by suppliers only and expert scores and findings by
 * internal users only (writableBy). What depends on the record is checked here:
 * - nobody creates one (the plan's approval does);
 * - the supplier (EX) writes only the self scores of its own self-check lines, and only while it
 *   awaits the self-check; header fields it sends are ignored;
 * - an internal user writes the header and, as an expert of the plan, the score and finding of
 *   their own expert lines until they submit; other experts' lines are refused (403).
 * Each line sent keeps only its allowed values, so the rest of it is not written.
 */
import type { Row } from '../../../db/sqlExecutor';
import type { RecordValues, SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { LocaleInspectStore } from './localeInspectStore';

const SCORING = ['SELF_CHECKED', 'EXPERT_SCORING'];
const number = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const changed = (sent: RecordValues, stored: Row, field: string, as: (v: unknown) => unknown) =>
  field in sent && as(sent[field]) !== as(stored[field]);

export class LocaleInspectSave {
  constructor(private readonly store: LocaleInspectStore) {}

  async check(draft: SaveDraft): Promise<void> {
    if (draft.creating || !draft.id) throw declaredError('supplier.inspectFromPlanOnly');
    const header = await this.store.header(draft.tx, draft.id);
    if (!header) throw Errors.recordNotFound();
    const supplierId = (draft.ctx.vars.user as { supplierId?: unknown } | undefined)?.supplierId;
    const isSupplier = supplierId !== undefined && supplierId !== null;
    if (isSupplier) {
      if (header.status !== 'PENDING_SELF_CHECK') throw declaredError('supplier.selfCheckSubmitted');
      for (const key of Object.keys(draft.values)) if (key !== 'versionNum') delete draft.values[key];
    }
    const sent = draft.children.records;
    if (!sent) return;
    // The writer has checked that the lines sent are exactly the stored ones (fixedLines).
    const ids = draft.childIds?.records ?? [];
    const stored = new Map((await this.store.records(draft.tx, draft.id)).map((l) => [Number(l.inspectRecordId), l]));
    const experts = isSupplier ? [] : await this.store.actedBy(draft.tx, draft.id, 'doExpertSubmit');
    sent.forEach((body, i) => {
      const line = stored.get(ids[i]!)!;
      const allowed: RecordValues = isSupplier
        ? this.takeSelfScore(body, line)
        : this.takeExpertScore(body, line, { me: draft.ctx.userId, status: String(header.status), experts });
      // Only the allowed values are written: the line's other columns keep their stored values.
      for (const key of Object.keys(body)) delete body[key];
      Object.assign(body, allowed);
    });
  }

  private takeSelfScore(body: RecordValues, line: Row): RecordValues {
    return line.expertUserId === null && 'selfScore' in body ? { selfScore: number(body.selfScore) } : {};
  }

  private takeExpertScore(
    body: RecordValues,
    line: Row,
    o: { me: number | null; status: string; experts: number[] },
  ): RecordValues {
    if (!changed(body, line, 'expertScore', number) && !changed(body, line, 'finding', text)) return {};
    if (line.expertUserId === null || Number(line.expertUserId) !== o.me)
      throw declaredError('supplier.ownExpertLinesOnly');
    if (!SCORING.includes(o.status) || o.experts.includes(o.me!)) throw declaredError('supplier.expertScoresFixed');
    const allowed: RecordValues = {};
    if ('expertScore' in body) allowed.expertScore = number(body.expertScore);
    if ('finding' in body) allowed.finding = text(body.finding);
    return allowed;
  }
}
