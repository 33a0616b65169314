/**
 * The set-up's finders (DOMAIN.md §2.1), read through the generic reader (row scope, reference labels):
 * findIndicatorsList, findIndicatorsListByAssessmentDimensions (APPROVED indicators only),
 * findIndicatorsBytemplateHeadId (a template's weighted indicators) and findByTemplateHeadId
 * (a template's categories, or its contracts).
 */
import type { FilterNode } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import { pagingOf } from '../../../home/readerContext';
import type { Kernel } from '../../../kernel';
import type { ResourceContext } from '../../../resource/context';
import type { ActionResult } from '../../../resource/resourceService';
import { INDICATORS, TEMPLATE } from './setupNames';
import { eitherIdInput, idFrom } from '../../../platform/actionInput';

type Body = Record<string, unknown>;

const textOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A list parameter given as an array or a comma-separated string. */
function listOf(v: unknown): string[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  return items.map((x) => String(x).trim()).filter((x) => x !== '');
}

/** A page of the indicators matching every filter of `and`, by code. */
async function indicators(
  kernel: Kernel,
  ctx: ResourceContext,
  and: FilterNode[],
  paging: { pageIndex: number; pageRows: number },
) {
  const filter = and.length ? { and } : undefined;
  const list = { params: {}, filter, orderBy: 'indicatorCode asc', ...paging };
  return kernel.resources.reader.list(kernel.registry.entity(INDICATORS)!, list, ctx);
}

/** findIndicatorsList {indicatorCode?, indicatorName?, assessmentDimension?, indicatorType?, status?, pageIndex, pageRows}. */
export async function findIndicatorsList(kernel: Kernel, body: Body, ctx: ResourceContext): Promise<ActionResult> {
  const and: FilterNode[] = [];
  for (const field of ['indicatorCode', 'indicatorName'])
    if (textOf(body[field])) and.push({ field, op: 'like', value: textOf(body[field]) });
  for (const field of ['assessmentDimension', 'indicatorType', 'status'])
    if (textOf(body[field])) and.push({ field, op: 'eq', value: textOf(body[field]) });
  const { rows, page } = await indicators(kernel, ctx, and, pagingOf(body, 20));
  return { data: rows, page };
}

/** findIndicatorsListByAssessmentDimensions {assessmentDimensions | assessmentDimension}: the APPROVED indicators of those dimensions (all dimensions when none is named). */
export async function findIndicatorsByDimensions(kernel: Kernel, body: Body, ctx: ResourceContext) {
  const dimensions = [...listOf(body.assessmentDimensions), ...listOf(body.assessmentDimension)];
  const and: FilterNode[] = [{ field: 'status', op: 'eq', value: 'APPROVED' }];
  if (dimensions.length) and.push({ field: 'assessmentDimension', op: 'in', value: dimensions });
  return { data: (await indicators(kernel, ctx, and, { pageIndex: 1, pageRows: 500 })).rows };
}

const TEMPLATE_ID = ['templateHeadId', 'id'];
/** The body of the template line finders: the template by `templateHeadId` (or `id`). */
export const TEMPLATE_LINES_INPUT = eitherIdInput(TEMPLATE_ID);

/** The lines of `lineEntity` of template `body.templateHeadId` (404 when the template is not visible). */
export async function findTemplateLines(
  kernel: Kernel,
  lineEntity: string,
  body: Body,
  ctx: ResourceContext,
): Promise<ActionResult> {
  const templateHeadId = idFrom(body, TEMPLATE_ID);
  const template = await kernel.resources.reader.byId(kernel.registry.entity(TEMPLATE)!, templateHeadId, ctx);
  if (!template) throw Errors.recordNotFound();
  const entity = kernel.registry.entity(lineEntity)!;
  const { rows } = await kernel.resources.reader.list(
    entity,
    {
      params: {},
      filter: { field: 'templateHeadId', op: 'eq', value: templateHeadId },
      orderBy: `${entity.primaryKey} asc`,
      pageIndex: 1,
      pageRows: 500,
    },
    ctx,
  );
  return { data: rows };
}
