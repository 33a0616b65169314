/**
 * Adds the designer's strings to the runtime's translation tables under `modeling.` when the
 * designer's code loads (its chunk imports this module first).
 */
import { i18n } from '../../i18n';
import { modelingCn } from './cn';
import { modelingEn } from './en';

i18n.addResourceBundle('CN', 'translation', { modeling: modelingCn }, true, true);
i18n.addResourceBundle('EN', 'translation', { modeling: modelingEn }, true, true);

export { modelingCn, modelingEn };
