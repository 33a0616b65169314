/**
 * The supplier lifecycle domain (DOMAIN.md §1): registration, info change, qualification review,
 * inspection plan, agreement signing, daily management, development, exit and blacklist. Its metadata is metadata/apps/srm/supplier.
 */
import type { DomainModule } from '../../platform/domainModules';
import { registerSupplierBlacklist } from './blacklist';
import { registerChangeInfo } from './changeInfo/changeInfoActions';
import { registerContractSign } from './contractSign';
import { registerDailyManage } from './dailyManage';
import { registerSupplierDevelop } from './develop';
import { registerInspectPlan } from './inspectPlan/inspectPlanActions';
import { registerSupplierMaster } from './master';
import { registerSupplierQuit } from './quit';
import { registerQualify } from './qualify/qualifyActions';
import { registerSupplierRegistration } from './registration/registerActions';
import { registrationInfo, registrationRefusal } from './registration/registrationLogin';

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
    registerInspectPlan(actions, hooks, registry);
    registerSupplierMaster(actions, hooks, login, { registry, db });
    registerContractSign(into);
    registerDailyManage(into);
    registerSupplierDevelop(into);
    registerSupplierQuit(into);
    registerSupplierBlacklist(into);
  },
};
