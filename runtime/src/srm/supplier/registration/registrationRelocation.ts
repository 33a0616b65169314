/**
 * Relocation rule of the supplier registration (DOMAIN section 1.2): while a supplier user's
 * company is still REGISTERING (account approved, details not yet approved), signing in leads to
 * /registerInfoEdit instead of /main or a deep link. The server puts supplierStatus in userInfo.
 */
import { isSupplierUser } from '../../../core/session';
import type { RelocationRule } from '../../../app/relocation';

export const REGISTER_INFO_PATH = '/registerInfoEdit';

export const unfinishedRegistrationRule: RelocationRule = ({ userInfo }) =>
  isSupplierUser(userInfo) && userInfo?.supplierStatus === 'REGISTERING' ? REGISTER_INFO_PATH : null;
