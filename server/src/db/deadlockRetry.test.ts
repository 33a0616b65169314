import { describe, expect, it } from 'vitest';
import { isDeadlockVictim, retryingDeadlocks } from './deadlockRetry';

const deadlock = () =>
  Object.assign(new Error('Deadlock found when trying to get lock'), { code: 'ER_LOCK_DEADLOCK', errno: 1213 });

describe('retryingDeadlocks', () => {
  it('knows a deadlock victim by its code or errno, also wrapped by TypeORM', () => {
    expect(isDeadlockVictim(deadlock())).toBe(true);
    expect(isDeadlockVictim({ driverError: { errno: 1213 } })).toBe(true);
    expect(isDeadlockVictim({ code: 'ER_LOCK_WAIT_TIMEOUT' })).toBe(false);
    expect(isDeadlockVictim(null)).toBe(false);
  });

  it('runs the work again after a deadlock, and answers its result', async () => {
    let runs = 0;
    const result = await retryingDeadlocks(3, async () => {
      runs += 1;
      if (runs < 3) throw deadlock();
      return 'done';
    });
    expect([result, runs]).toEqual(['done', 3]);
  });

  it('gives up after the attempts allowed, with the deadlock', async () => {
    let runs = 0;
    const work = retryingDeadlocks(2, async () => {
      runs += 1;
      throw deadlock();
    });
    await expect(work).rejects.toMatchObject({ code: 'ER_LOCK_DEADLOCK' });
    expect(runs).toBe(2);
  });

  it('never runs again after any other failure', async () => {
    let runs = 0;
    const work = retryingDeadlocks(3, async () => {
      runs += 1;
      throw new Error('taken');
    });
    await expect(work).rejects.toThrow('taken');
    expect(runs).toBe(1);
  });
});
