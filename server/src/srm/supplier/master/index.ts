/**
 * The supplier master maintained by the buying company (DOMAIN.md §1.1): internal creation and
 * editing (generic endpoints plus the master's save hook), portal accounts (supplierInfoToPortal),
 * the enterprise registry lookup (qxbInfo) and credential expiry warnings (slcSupplierWarningList).
 */
import type { LoginPolicyRegistry } from '../../../auth/loginPolicies';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { ActionRegistry } from '../../../platform/actionRegistry';
import type { DomainRegistries } from '../../../platform/domainModules';
import {
  handleWarning,
  raiseCredentialWarnings,
  WARNING_INPUT,
  WARNING_STATES,
  warningDays,
} from './credentialWarnings';
import { enterpriseRegistryFor } from './enterpriseRegistry';
import { MasterStore } from './masterStore';
import { openPortalAccount, PORTAL_INPUT } from './portalAccount';
import { qxbInfo, QXB_INPUT } from './qxbInfo';
import { registerSupplierMasterHooks } from './supplierMasterHooks';

const area = 'srmServer';

export function registerSupplierMaster(
  actions: ActionRegistry,
  hooks: RecordHookRegistry,
  login: LoginPolicyRegistry,
  deps: Pick<DomainRegistries, 'registry' | 'db' | 'jobs'>,
): void {
  const store = new MasterStore(deps.registry, deps.db, hooks);
  registerSupplierMasterHooks(hooks);
  actions.register({
    area,
    resource: 'srmSlcSupplierInfoRestful',
    action: 'doOpenPortalAccount',
    access: { pages: ['supplierInfoToPortal'], resourceCode: 'btnOpenPortal' },
    input: PORTAL_INPUT,
    handler: (body, ctx, kernel) => openPortalAccount(kernel, store, body, ctx),
  });

  const enterprises = enterpriseRegistryFor(store);
  actions.register({
    area,
    resource: 'srmSlcSupplierInfoRestful',
    action: 'qxbInfo',
    access: { pages: ['qxbInfo'], resourceCode: 'btnQxbInfo' },
    input: QXB_INPUT,
    handler: (body, ctx, kernel) => qxbInfo(kernel, store, enterprises, body, ctx),
  });

  actions.register({
    area,
    resource: 'srmSlcSupplierWarningRestful',
    action: 'doCheckCredentialExpiry',
    access: { pages: ['slcSupplierWarningList'], resourceCode: 'btnCheckExpiry' },
    handler: async (_body, ctx) => {
      const ids = await raiseCredentialWarnings(store, ctx);
      return { data: { count: ids.length, ids } };
    },
  });
  actions.register({
    area,
    resource: 'srmSlcSupplierWarningRestful',
    action: 'doHandleWarning',
    access: { pages: ['slcSupplierWarningList'], resourceCode: 'btnHandle' },
    input: WARNING_INPUT,
    states: WARNING_STATES,
    handler: (body, ctx, kernel) => handleWarning(kernel, store, body, ctx),
  });
  // Daily at the time metadata/apps/srm/supplier/schedules/supplierJobs.json declares.
  deps.jobs.register(
    'credentialExpiryWarnings',
    async ({ now, ctx }) => (await raiseCredentialWarnings(store, ctx, warningDays(), now)).length,
  );
}
