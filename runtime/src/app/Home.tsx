/**
 * The shell's empty child: the home chosen by the stored user type (docs/architecture.md
 * "Spec: routes and home"). Supplier
 * users (type EX…) get the supplier home; everyone else the internal home. The spec's second
 * check ("internal home only when the type is exactly INSIDE") is not repeated: it would leave
 * INSIDE_ADMIN with no home at all (docs/decisions.md, "Home dashboards").
 */
import { isSupplierUser } from '../core/session';
import { useSession } from '../core/useSession';
import { InternalHome } from '../home/InternalHome';
import { SupplierHome } from '../home/SupplierHome';

export function Home() {
  const user = useSession()?.userInfo ?? null;
  return isSupplierUser(user) ? <SupplierHome user={user} /> : <InternalHome user={user} />;
}
