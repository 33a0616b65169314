/**
 * The supplier grade gate, provided to other domains as DomainRegistries.services
 * SUPPLIER_GRADE_GATE (contract.ts): purchasing calls it on orders (purpose 'PO'); sourcing is to
 * call it with 'RFQ' on inquiry invitations when it is built (docs/decisions.md "Issue 17: the grade gate").
 */
import type { DomainRegistries } from '../../../platform/domainModules';
import { SUPPLIER_GRADE_GATE } from './contract';
import { GradeGate } from './gradeGate';

export function registerGradeGate({ services, registry, db }: DomainRegistries): void {
  services.provide(SUPPLIER_GRADE_GATE, new GradeGate(registry, db.dialect));
}
