/**
 * Performance evaluation set-up (DOMAIN.md §2.1): indicators, templates and grade settings. The
 * documents are metadata (entities, pages, std-approval lifecycles, which declare the weights' sum
 * and the grade ranges); this adds the template's line rule on save, copies and the finders. gradeForScore (settingRules.ts) is the
 * grade lookup the later parts use.
 */
import { recordIdInput } from '../../../platform/actionInput';
import type { RegisteredAction } from '../../../platform/actionRegistry';
import type { DomainRegistries } from '../../../platform/domainModules';
import { copyDocument } from './setupCopy';
import {
  findIndicatorsByDimensions,
  findIndicatorsList,
  findTemplateLines,
  TEMPLATE_LINES_INPUT,
} from './setupFinders';
import {
  INDICATORS,
  INDICATORS_PAGES,
  TEMPLATE,
  TEMPLATE_CATEGORY,
  TEMPLATE_CONTRACT,
  TEMPLATE_INDICATOR,
  TEMPLATE_PAGES,
} from './setupNames';
import { TemplateRules } from './templateRules';

export { gradeForScore } from './settingRules';

export function registerSpeSetup({ actions, registry, hooks, db }: DomainRegistries): void {
  const templates = new TemplateRules(registry, db.dialect);
  hooks.registerBeforeSave(TEMPLATE, (draft) => templates.checkLines(draft));

  const add = (resource: string, action: string, rest: Omit<RegisteredAction, 'area' | 'resource' | 'action'>) =>
    actions.register({ area: 'srmServer', resource: `${resource}Restful`, action, ...rest });
  const copy = { pages: INDICATORS_PAGES, resourceCode: 'btnCopy' };
  add(INDICATORS, 'copyIndicators', {
    access: copy,
    input: recordIdInput(),
    handler: (body, ctx, kernel) => copyDocument(kernel, INDICATORS, 'indicatorCode', body, ctx),
  });
  add(TEMPLATE, 'copyTemplate', {
    access: { ...copy, pages: TEMPLATE_PAGES },
    input: recordIdInput(),
    handler: (body, ctx, kernel) => copyDocument(kernel, TEMPLATE, 'templateCode', body, ctx),
  });
  const both = { pages: [...INDICATORS_PAGES, ...TEMPLATE_PAGES] };
  add(INDICATORS, 'findIndicatorsList', {
    access: both,
    handler: (body, ctx, kernel) => findIndicatorsList(kernel, body, ctx),
  });
  add(INDICATORS, 'findIndicatorsListByAssessmentDimensions', {
    access: both,
    handler: (body, ctx, kernel) => findIndicatorsByDimensions(kernel, body, ctx),
  });
  // A template's lines of one child, by templateHeadId (or id).
  for (const [resource, action, entity] of [
    [TEMPLATE, 'findIndicatorsBytemplateHeadId', TEMPLATE_INDICATOR],
    [TEMPLATE_CATEGORY, 'findByTemplateHeadId', TEMPLATE_CATEGORY],
    [TEMPLATE_CONTRACT, 'findByTemplateHeadId', TEMPLATE_CONTRACT],
  ])
    add(resource, action, {
      access: { pages: TEMPLATE_PAGES },
      input: TEMPLATE_LINES_INPUT,
      handler: (body, ctx, kernel) => findTemplateLines(kernel, entity, body, ctx),
    });
}
