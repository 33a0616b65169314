/**
 * What the application may add to signing in, without the login code knowing any domain: fields
 * for the session's userInfo (a supplier's registration status, for the runtime's relocation) and
 * the reason a disabled account that gave the right password cannot sign in yet. Domains register
 * policies from their module entry (docs/developer-guide.md "Domain modules").
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database } from '../db/sqlExecutor';
import type { ApiError } from '../http/apiError';

/** The metadata and database a policy reads; the kernel is not imported here (kernel.ts imports this module). */
export interface LoginPolicyDeps {
  registry: MetadataRegistry;
  db: Database;
}

export interface LoginPolicy {
  /** Fields merged into userInfo of the login answer and of getUserInfo. */
  userInfo?(
    deps: LoginPolicyDeps,
    user: { userId: number; supplierId: number | null },
  ): Promise<Record<string, unknown>>;
  /** Why this account cannot sign in although its password is right; undefined when the policy has nothing to say. */
  refusal?(deps: LoginPolicyDeps, userId: number): Promise<ApiError | undefined>;
}

export class LoginPolicyRegistry {
  private readonly policies: LoginPolicy[] = [];

  register(policy: LoginPolicy): void {
    this.policies.push(policy);
  }

  async userInfo(deps: LoginPolicyDeps, user: { userId: number; supplierId: number | null }) {
    let extra: Record<string, unknown> = {};
    for (const policy of this.policies)
      if (policy.userInfo) extra = { ...extra, ...(await policy.userInfo(deps, user)) };
    return extra;
  }

  /** The first policy's refusal, in registration order. */
  async refusal(deps: LoginPolicyDeps, userId: number): Promise<ApiError | undefined> {
    for (const policy of this.policies) {
      const refusal = await policy.refusal?.(deps, userId);
      if (refusal) return refusal;
    }
    return undefined;
  }
}
