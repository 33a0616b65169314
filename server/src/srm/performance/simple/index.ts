/**
 * Simple performance records (DOMAIN.md §2.3 "Other Spe records", §14 PERFORMANCE_SIMPLE, §15 Flow 4
 * step 12): dynamic performance data (srmSpeSupplierExpressionHeader/Line, lifecycle speExpression),
 * simple evaluations (srmSpeSchemeSimple + srmSpePerformanceSimple, std-approval speSchemeSimple)
 * and the annual summary (srmSpePerformanceCollect). Documents, screens and transitions are
 * metadata; this adds the line rules, the supplier to-dos, the line imports (exchange's
 * importLinesAction: an .xlsx of lines appended to an editable header), the finder and doCollect.
 */
import type { DomainRegistries } from '../../../platform/domainModules';
import { importLinesAction } from '../../../exchange/lineImport';
import { declaredText } from '../../../http/declaredErrors';
import { recordIdInput } from '../../../platform/actionInput';
import type { RegisteredAction } from '../../../platform/actionRegistry';
import { DomainStore } from '../../../platform/domainStore';
import { COLLECT_INPUT, doCollect } from './simpleCollect';
import { performanceSimpleList, SIMPLE_LIST_INPUT } from './simpleFinders';
import { remindSupplier, sendPending } from './simpleTodos';

const EXPRESSION = 'srmSpeSupplierExpressionHeader';
const SCHEME_SIMPLE = 'srmSpeSchemeSimple';
const EXPRESSION_PAGES = ['srmSpeSupplierExpressionList', 'srmSpeSupplierExpressionEdit'];
const SIMPLE_PAGES = ['srmSpeSchemeSimpleList', 'srmSpeSchemeSimpleEdit'];
const COLLECT_PAGES = ['srmSpePerformanceCollect', 'srmSpePerformanceCollectEdit'];

export function registerSpeSimple({ actions, registry, db }: DomainRegistries): void {
  const store = new DomainStore(registry, db.dialect);
  const add = (resource: string, action: string, rest: Omit<RegisteredAction, 'area' | 'resource' | 'action'>) =>
    actions.register({ area: 'srmServer', resource: `${resource}Restful`, action, ...rest });

  add(EXPRESSION, 'remindSupplier', {
    access: { pages: EXPRESSION_PAGES, resourceCode: 'btnRemind' },
    input: recordIdInput(),
    states: {
      entity: EXPRESSION,
      in: ['RELEASED'],
      refusal: () => declaredText('performance.remindReleased'),
    },
    handler: (body, ctx, kernel) => remindSupplier(store, kernel.db, body.id as number, ctx),
  });
  add(EXPRESSION, 'doImportSupplierExpression', {
    access: { pages: EXPRESSION_PAGES, resourceCode: 'btnImport' },
    handler: (body, ctx, kernel, req) =>
      importLinesAction(kernel, req, ctx, body, {
        header: EXPRESSION,
        child: 'lines',
        idFields: ['expressionHeaderId', 'id'],
        fields: ['indicatorsHeadId', 'eventDate', 'eventDesc', 'value'],
      }),
  });
  add(SCHEME_SIMPLE, 'sendSrmSpePerformancePending', {
    access: { pages: SIMPLE_PAGES, resourceCode: 'btnSendPending' },
    input: recordIdInput(),
    states: {
      entity: SCHEME_SIMPLE,
      in: ['APPROVED'],
      refusal: () => declaredText('performance.sendApproved'),
    },
    handler: (body, ctx, kernel) => sendPending(store, kernel.db, body.id as number, ctx),
  });
  add(SCHEME_SIMPLE, 'doImportPerformanceSimple', {
    access: { pages: SIMPLE_PAGES, resourceCode: 'btnImport' },
    handler: (body, ctx, kernel, req) =>
      importLinesAction(kernel, req, ctx, body, {
        header: SCHEME_SIMPLE,
        child: 'lines',
        idFields: ['schemeSimpleId', 'id'],
        fields: ['supplierId', 'score', 'gradeCode', 'comment'],
      }),
  });
  add('srmSpePerformanceSimple', 'performanceSimpleList', {
    access: 'session',
    input: SIMPLE_LIST_INPUT,
    handler: (body, ctx, kernel, req) => performanceSimpleList(kernel, body, ctx, req),
  });
  add('srmSpePerformanceCollect', 'doCollect', {
    access: { pages: COLLECT_PAGES, resourceCode: 'btnCollect' },
    input: COLLECT_INPUT,
    handler: (body, ctx, kernel) => doCollect(kernel, store, body, ctx),
  });
}
