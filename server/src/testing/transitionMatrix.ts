import { it } from 'vitest';
import { expectTransition, setState, type Body, type Proof, type ProofUser } from './proofFixtures';
import type { ApiAnswer } from './testServer';

/** A lifecycle's actions as a proof tries them: [action, the user who may, the states it leaves, the state it reaches]. */
export type MatrixAction = [action: string, user: ProofUser, from: string[], to: string];

export interface TransitionMatrix {
  entityName: string;
  table: string;
  keyColumn: string;
  statusColumn?: string;
  states: string[];
  actions: MatrixAction[];
  /** A new record in DRAFT, and one submitted (SUBMITTED); the other states are set on a submitted one. */
  draft: () => Promise<number>;
  submitted: () => Promise<number>;
  act: (user: ProofUser, action: string, body: Body) => Promise<ApiAnswer>;
  /** The action its history row names, when the button's alias differs from it. */
  historyAction?: (action: string) => string;
}

/**
 * Every action tried from every state of the lifecycle, one case each (expectTransition): the
 * legal ones reach their state with one history row, the others answer 409 and change nothing.
 * Call it inside the file's describe.
 */
export function everyActionFromEveryState(p: Proof, m: TransitionMatrix): void {
  const statusColumn = m.statusColumn ?? 'status';
  const cases = m.actions.flatMap(([action, user, from, to]) =>
    m.states.map((state) => [action, state, from.includes(state) ? to : null, user] as const),
  );
  it.each(cases)('%s from %s → %s', async (action, state, to, user) => {
    const id = state === 'DRAFT' ? await m.draft() : await m.submitted();
    if (state !== 'DRAFT' && state !== 'SUBMITTED') await setState(p, m.table, statusColumn, m.keyColumn, id, state);
    const answer = await m.act(user, action, { id, comment: 'checked' });
    await expectTransition(p, {
      ...m,
      statusColumn,
      id,
      state,
      to,
      answer,
      action: m.historyAction?.(action) ?? action,
    });
  });
}
