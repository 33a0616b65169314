/**
 * The supplier lifecycle domain (DOMAIN.md §1): registration, info change, qualification review,
 * inspection plan and on-site inspection, agreement signing, sample trial and batch tryout, daily
 * management, development, exit and blacklist, and the trade gate. Its metadata is
 * metadata/apps/srm/supplier.
 */
import type { DomainModule } from '../../platform/domainModules';
import { registerSupplierBlacklist } from './blacklist';
import { registerChangeInfo } from './changeInfo/changeInfoActions';
import { registerContractSign } from './contractSign';
import { registerDailyManage } from './dailyManage';
import { registerSupplierDevelop } from './develop';
import { registerSupplierGate } from './gate';
import { registerInspectPlan } from './inspectPlan/inspectPlanActions';
import { registerLocaleInspect } from './localeInspect';
import { registerSupplierMaster } from './master';
import { registerSupplierQuit } from './quit';
import { registerQualify } from './qualify/qualifyActions';
import { registerSupplierRegistration } from './registration/registerActions';
import { registrationInfo, registrationRefusal } from './registration/registrationLogin';
import { registerTrial } from './trial';

export const supplierModule: DomainModule = {
  name: 'supplier',
  register(into) {
    const { actions, hooks, handlers, login, registry, db } = into;
    registerSupplierRegistration(actions, hooks, { registry, db });
    // registerStatus and supplierStatus let the runtime send an unfinished registration to /registerInfoEdit.
    login.register({
      userInfo: async (deps, user) => {
        const { registerStatus, supplierStatus } = await registrationInfo(deps, user.userId, user.supplierId);
        return { registerStatus, supplierStatus };
      },
      refusal: (deps, userId) => registrationRefusal(deps, userId),
    });
    registerChangeInfo(hooks, handlers, { registry, db });
    registerQualify(actions, hooks, handlers, { registry, db });
    registerInspectPlan(into);
    registerLocaleInspect(into);
    registerSupplierMaster(actions, hooks, login, into);
    registerContractSign(into);
    registerTrial(into);
    registerDailyManage(into);
    registerSupplierDevelop(into);
    registerSupplierQuit(into);
    registerSupplierBlacklist(into);
    // The trade gate other domains consult before an order, RFQ or tender (§1.11)
    registerSupplierGate(into);
  },
};
