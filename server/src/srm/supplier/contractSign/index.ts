/** Supplier agreement signing (DOMAIN.md §1.9): transition handlers and the e-signing provider. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { ContractSignEffects } from './contractSignEffects';
import { ContractSignStore, LINE } from './contractSignStore';
import { LocalSignProvider } from './localSignProvider';
import { HttpSignProvider, type ElectronicSignProvider } from './signProvider';

/** ESIGN_SERVICE_URL names an outside e-signing service; unset (the default), the local provider signs. */
export function signProviderFor(
  store: ContractSignStore,
  env: NodeJS.ProcessEnv = process.env,
): ElectronicSignProvider {
  const url = env.ESIGN_SERVICE_URL?.trim();
  return url ? new HttpSignProvider(url, env.ESIGN_SERVICE_TOKEN || undefined) : new LocalSignProvider(store);
}

export function registerContractSign({ handlers, registry, db, fileStorage }: DomainRegistries): void {
  const store = new ContractSignStore(registry, db);
  const effects = new ContractSignEffects(store, signProviderFor(store), fileStorage);
  // Every line transition locks its head first: the completion check counts the head's lines under that lock.
  handlers.registerOwner(LINE, 'signHeadId');
  handlers.register('startContractSigning', (run) => effects.startSigning(run));
  handlers.register('supplierSignContract', (run) => effects.sign(run));
  handlers.register('supplierRefuseContract', (run) => effects.refuse(run));
}
