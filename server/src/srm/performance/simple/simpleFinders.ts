/**
 * performanceSimpleList {schemeSimpleId?, supplierId?, pageIndex, pageRows ≤ 500}: a page of simple
 * evaluation results. Internal users need a menu that reads srmSpeSchemeSimple (their organisation
 * permits apply through the header); supplier users get only their own supplier's lines of APPROVED
 * evaluations whose suppliers were notified (sendSrmSpePerformancePending), whatever the body says.
 */
import { OPTIONAL_ID } from '../../../platform/actionInput';
import type { FilterNode, JsonSchema } from '@meridian/metadata';
import { isSupplierType } from '../../../access/accessService';
import { caller, eq, pagingOf, supplierCaller } from '../../../home/readerContext';
import type { Kernel } from '../../../kernel';
import type { ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';

const PERFORMANCE_SIMPLE = 'srmSpePerformanceSimple';
const SCHEME_SIMPLE = 'srmSpeSchemeSimple';

/** performanceSimpleList's body (the paging is read by pagingOf). */
export const SIMPLE_LIST_INPUT: JsonSchema = {
  type: 'object',
  properties: { schemeSimpleId: OPTIONAL_ID, supplierId: OPTIONAL_ID },
};

export async function performanceSimpleList(
  kernel: Kernel,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  req: ActionRequest,
) {
  const lines = kernel.registry.entity(PERFORMANCE_SIMPLE)!;
  /** An equality on the body's field, when the body gives it. */
  const given = (field: string): FilterNode[] => (body[field] ? [eq(field, body[field] as number)] : []);
  const filters = given('schemeSimpleId');
  if (isSupplierType(caller(req).userType)) {
    filters.push(eq('supplierId', supplierCaller(req).supplierId), {
      parent: { and: [eq('status', 'APPROVED'), { field: 'pendingSentDate', op: 'notNull' }] },
    } as FilterNode);
  } else {
    const header = kernel.registry.entity(SCHEME_SIMPLE)!;
    await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, header, 'findById', ctx);
    const scope = await kernel.auth.guard.rowScope(req.identity!, lines, true, ctx);
    filters.push(...given('supplierId'), ...(scope ? [scope] : []));
  }
  const { rows, page } = await kernel.resources.reader.list(
    lines,
    {
      params: {},
      filter: filters.length ? { and: filters } : undefined,
      orderBy: 'performanceSimpleId desc',
      ...pagingOf(body, 20),
    },
    ctx,
  );
  return { data: rows, page };
}
