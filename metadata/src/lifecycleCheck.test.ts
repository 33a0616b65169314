import { describe, expect, it } from 'vitest';
import type { SourcedDocument } from './documents';
import { placeholders } from './effects';
import { loadProblems as problems, miniAppDocuments, todoTypesDocument } from './__fixtures__/miniApp';
import type { MetadataProblem } from './problems';

// The mini application with an approval rule on its lifecycle and a SYS_TOBEDO lookup; each case
// breaks one thing and must stop the load naming the lifecycle document, the pointer and the problem.

type Lifecycle = any;
const LC = 'metadata/src/__fixtures__/miniApp/lifecycles/demoOrder.json';
const TODO_TYPES = todoTypesDocument([{ code: 'DEMO_ORDER', cn: '订单审批', en: 'Order approval' }]);

function withRule(mutate: (lc: Lifecycle) => void = () => undefined): SourcedDocument[] {
  const docs = miniAppDocuments();
  const lc = docs.find((d) => d.source === LC)!.doc as Lifecycle;
  lc.approvalRule = {
    billType: 'DEMO_ORDER',
    menuCode: 'DEMO_ORDER',
    billLink: 'demoOrderManage/demoOrderEdit?id={id}',
    title: { cn: '订单 {orderNumber} 待审批', en: 'Order {orderNumber} awaits approval' },
    approvers: { responsibilities: ['MANAGER'] },
  };
  lc.transitions[0].effects = ['stampSubmitter', 'createApprovalTodo'];
  lc.transitions[1].effects = ['closeApprovalTodo', 'notifySubmitter', 'stampApprover'];
  mutate(lc);
  return [...docs, TODO_TYPES];
}

const P = (pointer: string, message: string): MetadataProblem => ({ document: LC, pointer, message });

describe('lifecycle approval rules', () => {
  it('loads a complete rule (steps, handler, comment rules) without a problem', () => {
    expect(
      problems(
        withRule((lc) => {
          lc.approvalRule.steps = [{ approvers: { users: ['director'] } }];
          lc.approvalRule.allowSelfApproval = false;
          lc.transitions[1].advancesStep = true;
          lc.transitions[1].commentRequired = true;
          lc.transitions[1].handler = 'writeBack';
        }),
      ),
    ).toEqual([]);
  });

  it.each<[string, (lc: Lifecycle) => void, MetadataProblem[]]>([
    [
      'unknown to-do type',
      (lc) => {
        lc.approvalRule.billType = 'DEMO_ORDR';
      },
      [P('/approvalRule/billType', 'billType "DEMO_ORDR" is not a value of SYS_TOBEDO')],
    ],
    [
      'unknown menu',
      (lc) => {
        lc.approvalRule.menuCode = 'DEMO_ORDERS';
      },
      [P('/approvalRule/menuCode', 'menu "DEMO_ORDERS" does not exist')],
    ],
    [
      'billLink to a missing page',
      (lc) => {
        lc.approvalRule.billLink = 'demoOrderEdt?id={id}';
      },
      [P('/approvalRule/billLink', 'billLink opens page "demoOrderEdt", which does not exist')],
    ],
    [
      'placeholder that is not a field',
      (lc) => {
        lc.approvalRule.title.en = 'Order {orderNo}';
      },
      [P('/approvalRule/title', 'placeholder "{orderNo}" is not a field of demoOrderHeader')],
    ],
    [
      'no approvers at all',
      (lc) => {
        lc.approvalRule.approvers = { roles: [] };
      },
      [P('/approvalRule/approvers', 'approvers name no responsibility, role or user')],
    ],
    [
      'further steps without an advancing transition',
      (lc) => {
        lc.approvalRule.steps = [{ approvers: { users: ['director'] } }];
      },
      [P('/approvalRule/steps', 'further steps need a transition with advancesStep')],
    ],
    [
      'to-do effects without a rule',
      (lc) => {
        delete lc.approvalRule;
      },
      [
        P('/transitions/0/effects', 'effect "createApprovalTodo" of doSubmit needs an approvalRule'),
        P('/transitions/1/effects', 'effect "closeApprovalTodo" of doApprove needs an approvalRule'),
        P('/transitions/1/effects', 'effect "notifySubmitter" of doApprove needs an approvalRule'),
      ],
    ],
    [
      'guard on an unknown field',
      (lc) => {
        lc.transitions[1].guard = { field: 'amount', op: 'gt', value: 0 };
      },
      [P('/transitions/1/guard', 'filter field "amount" is not a field of demoOrderHeader')],
    ],
    [
      'a step applying on an unknown field',
      (lc) => {
        lc.approvalRule.steps = [
          { approvers: { users: ['director'] }, when: { field: 'amountInBase', op: 'gte', value: '50000' } },
        ];
        lc.transitions[1].advancesStep = true;
      },
      [P('/approvalRule/steps/0/when', 'filter field "amountInBase" is not a field of demoOrderHeader')],
    ],
    [
      'an input naming an unknown field, the key, the status, an audit column, twice, or a default from an unknown field',
      (lc) => {
        lc.transitions[1].input = [
          { field: 'orderDate', required: true, default: { now: 'date', addDays: 3 } },
          { field: 'amount' },
          { field: 'orderHeaderId' },
          { field: 'status' },
          { field: 'lastUpdateDate' },
          { field: 'orderDate' },
          { field: 'totalAmount', default: { field: 'amount' } },
        ];
      },
      [
        P('/transitions/1/input/1/field', '"amount" is not a field of demoOrderHeader'),
        P('/transitions/1/input/2/field', '"orderHeaderId" is the key or the status of demoOrderHeader: not an input'),
        P('/transitions/1/input/3/field', '"status" is the key or the status of demoOrderHeader: not an input'),
        P(
          '/transitions/1/input/4/field',
          '"lastUpdateDate" of demoOrderHeader is written by the platform, not an input',
        ),
        P('/transitions/1/input/5/field', '"orderDate" is an input of doApprove twice'),
        P('/transitions/1/input/6/default', 'value field "amount" is not a field of demoOrderHeader'),
      ],
    ],
  ])('%s', (_name, mutate, expected) => {
    expect(problems(withRule(mutate))).toEqual(expected);
  });

  it('the meta-model refuses a rule without approvers and a non-boolean commentRequired', () => {
    const found = problems(
      withRule((lc) => {
        delete lc.approvalRule.approvers;
        lc.transitions[1].commentRequired = 'yes';
      }),
    );
    // The invalid document is not indexed, so the entity naming it reports a missing lifecycle too.
    expect(
      found
        .filter((p) => p.document === LC)
        .map((p) => p.pointer)
        .sort(),
    ).toEqual(['/approvalRule', '/transitions/1/commentRequired']);
  });

  it('a rule on a lifecycle without SYS_TOBEDO seeded is reported', () => {
    const docs = withRule().filter((d) => d.source !== 'test:todo-types');
    expect(problems(docs)).toEqual([P('/approvalRule/billType', 'lookup type "SYS_TOBEDO" is not seeded')]);
  });
});

describe('placeholders', () => {
  it('finds {field} names in a pattern', () => {
    expect(placeholders('a/{id}?x={orderNumber}&{ bad }{}')).toEqual(['id', 'orderNumber']);
  });
});
