/** The supplier lifecycle domain's entry (metadata/apps/srm/supplier, server/src/srm/supplier). */
import { registerInspectPlan } from './inspectPlan';
import { registerRegistration } from './registration';

export function registerSupplierDomain(): void {
  registerRegistration();
  registerInspectPlan();
}
