/** The performance set-up documents (DOMAIN.md §2.1): entity names shared by the set-up's files. */
export const INDICATORS = 'srmSpeIndicatorsHead';
export const TEMPLATE = 'srmSpeTemplateHead';
export const TEMPLATE_INDICATOR = 'srmSpeTemplateIndicator';
export const TEMPLATE_CATEGORY = 'srmSpeTemplateCategory';
export const TEMPLATE_CONTRACT = 'srmSpeTemplateContract';
export const SETTING = 'srmSpeSettingHead';
export const SETTING_LINE = 'srmSpeSettingLine';

export const INDICATORS_PAGES = ['srmSpeIndicatorsList', 'srmSpeIndicatorsEdit'];
export const TEMPLATE_PAGES = ['srmSpeTemplateList', 'srmSpeTemplateEdit'];
