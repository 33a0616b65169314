/**
 * A transaction that MariaDB/MySQL rolled back as a deadlock victim (error 1213) was undone whole:
 * running it again is what the database asks for ("try restarting transaction"). Only work whose
 * every effect is inside the transaction may be run again; Database.transaction does so when its
 * caller asks (`deadlockAttempts`).
 */
export function isDeadlockVictim(e: unknown): boolean {
  const err = e as { code?: string; errno?: number; driverError?: { code?: string; errno?: number } } | null;
  const code = err?.driverError?.code ?? err?.code;
  const errno = err?.driverError?.errno ?? err?.errno;
  return code === 'ER_LOCK_DEADLOCK' || errno === 1213;
}

/** Runs `run` up to `attempts` times while it fails as a deadlock victim; any other failure at once. */
export async function retryingDeadlocks<T>(attempts: number, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= attempts || !isDeadlockVictim(e)) throw e;
    }
  }
}
