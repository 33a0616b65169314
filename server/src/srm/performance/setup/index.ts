/**
 * Performance evaluation set-up (DOMAIN.md §2.1): indicators, templates and grade settings. The
 * documents are metadata (entities, pages, std-approval lifecycles, which declare the weights' sum
 * and the grade ranges); this adds the template's line rule on save, copies and the finders. gradeForScore (settingRules.ts) is the
 * grade lookup the later parts use.
 */
import { recordIdInput } from '../../../platform/actionInput';
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

const area = 'srmServer';

export function registerSpeSetup({ actions, hooks, registry, db }: DomainRegistries): void {
  const templates = new TemplateRules(registry, db);
  hooks.registerBeforeSave(TEMPLATE, (draft) => templates.checkLines(draft));

  actions.register({
    area,
    resource: 'srmSpeIndicatorsHeadRestful',
    action: 'copyIndicators',
    access: { pages: INDICATORS_PAGES, resourceCode: 'btnCopy' },
    input: recordIdInput(),
    handler: (body, ctx, kernel) => copyDocument(kernel, INDICATORS, 'indicatorCode', body, ctx),
  });
  actions.register({
    area,
    resource: 'srmSpeTemplateHeadRestful',
    action: 'copyTemplate',
    access: { pages: TEMPLATE_PAGES, resourceCode: 'btnCopy' },
    input: recordIdInput(),
    handler: (body, ctx, kernel) => copyDocument(kernel, TEMPLATE, 'templateCode', body, ctx),
  });
  actions.register({
    area,
    resource: 'srmSpeIndicatorsHeadRestful',
    action: 'findIndicatorsList',
    access: { pages: [...INDICATORS_PAGES, ...TEMPLATE_PAGES] },
    handler: (body, ctx, kernel) => findIndicatorsList(kernel, body, ctx),
  });
  actions.register({
    area,
    resource: 'srmSpeIndicatorsHeadRestful',
    action: 'findIndicatorsListByAssessmentDimensions',
    access: { pages: [...INDICATORS_PAGES, ...TEMPLATE_PAGES] },
    handler: (body, ctx, kernel) => findIndicatorsByDimensions(kernel, body, ctx),
  });
  actions.register({
    area,
    resource: 'srmSpeTemplateHeadRestful',
    action: 'findIndicatorsBytemplateHeadId',
    access: { pages: TEMPLATE_PAGES },
    input: TEMPLATE_LINES_INPUT,
    handler: (body, ctx, kernel) => findTemplateLines(kernel, TEMPLATE_INDICATOR, body, ctx),
  });
  for (const [resource, entity] of [
    ['srmSpeTemplateCategoryRestful', TEMPLATE_CATEGORY],
    ['srmSpeTemplateContractRestful', TEMPLATE_CONTRACT],
  ])
    actions.register({
      area,
      resource,
      action: 'findByTemplateHeadId',
      access: { pages: TEMPLATE_PAGES },
      input: TEMPLATE_LINES_INPUT,
      handler: (body, ctx, kernel) => findTemplateLines(kernel, entity, body, ctx),
    });
}
