/**
 * Simple performance records (DOMAIN.md §2.3 "Other Spe records", §14 PERFORMANCE_SIMPLE, §15 Flow 4
 * step 12): dynamic performance data (srmSpeSupplierExpressionHeader/Line, lifecycle speExpression),
 * simple evaluations (srmSpeSchemeSimple + srmSpePerformanceSimple, std-approval speSchemeSimple)
 * and the annual summary (srmSpePerformanceCollect). Documents, screens and transitions are
 * metadata; this adds the line rules, the supplier to-dos, the line imports, the finder and doCollect.
 */
import type { DomainRegistries } from '../../../platform/domainModules';
import { recordIdInput } from '../../../platform/actionInput';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import type { ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { doCollect } from './simpleCollect';
import { performanceSimpleList } from './simpleFinders';
import { importLines } from './simpleImport';
import { COLLECT_PAGES, EXPRESSION, EXPRESSION_PAGES, SCHEME_SIMPLE, SIMPLE_PAGES, SimpleStore } from './simpleStore';
import { remindSupplier, sendPending } from './simpleTodos';

const area = 'srmServer';

export function registerSpeSimple({ actions, hooks, registry, db }: DomainRegistries): void {
  const store = new SimpleStore(registry, db, hooks);

  actions.register({
    area,
    resource: 'srmSpeSupplierExpressionHeaderRestful',
    action: 'remindSupplier',
    access: { pages: EXPRESSION_PAGES, resourceCode: 'btnRemind' },
    input: recordIdInput(),
    handler: async (body, ctx, kernel, req) => {
      const id = body.id as number;
      await readable(kernel, req, ctx, EXPRESSION, id);
      return remindSupplier(store, id, ctx);
    },
  });
  actions.register({
    area,
    resource: 'srmSpeSupplierExpressionHeaderRestful',
    action: 'doImportSupplierExpression',
    access: { pages: EXPRESSION_PAGES, resourceCode: 'btnImport' },
    handler: (body, ctx, kernel, req) =>
      importLines(kernel, req, ctx, body, {
        header: EXPRESSION,
        child: 'lines',
        idField: 'expressionHeaderId',
        columns: ['indicatorsHeadId', 'eventDate', 'eventDesc', 'value'],
      }),
  });
  actions.register({
    area,
    resource: 'srmSpeSchemeSimpleRestful',
    action: 'sendSrmSpePerformancePending',
    access: { pages: SIMPLE_PAGES, resourceCode: 'btnSendPending' },
    input: recordIdInput(),
    handler: async (body, ctx, kernel, req) => {
      const id = body.id as number;
      await readable(kernel, req, ctx, SCHEME_SIMPLE, id);
      return sendPending(store, id, ctx);
    },
  });
  actions.register({
    area,
    resource: 'srmSpeSchemeSimpleRestful',
    action: 'doImportPerformanceSimple',
    access: { pages: SIMPLE_PAGES, resourceCode: 'btnImport' },
    handler: (body, ctx, kernel, req) =>
      importLines(kernel, req, ctx, body, {
        header: SCHEME_SIMPLE,
        child: 'lines',
        idField: 'schemeSimpleId',
        columns: ['supplierId', 'score', 'gradeCode', 'comment'],
      }),
  });
  actions.register({
    area,
    resource: 'srmSpePerformanceSimpleRestful',
    action: 'performanceSimpleList',
    access: 'session',
    handler: (body, ctx, kernel, req) => performanceSimpleList(kernel, body, ctx, req),
  });
  actions.register({
    area,
    resource: 'srmSpePerformanceCollectRestful',
    action: 'doCollect',
    access: { pages: COLLECT_PAGES, resourceCode: 'btnCollect' },
    handler: (body, ctx) => doCollect(store, body, ctx),
  });
}

/** 404 unless the caller's row scope (organisation permits) reaches the record. */
async function readable(kernel: Kernel, req: ActionRequest, ctx: ResourceContext, entityName: string, id: number) {
  const entity = kernel.registry.entity(entityName)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, entity, true, ctx);
  if (!(await kernel.resources.reader.byId(entity, id, ctx, scope))) throw Errors.recordNotFound();
}
