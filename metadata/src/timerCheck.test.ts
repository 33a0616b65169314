import { describe, expect, it } from 'vitest';
import { loadProblems, miniAppDocuments, miniAppProblems } from './__fixtures__/miniApp';

// Timers on the mini application's order lifecycle (doSubmit: DRAFT → SUBMITTED, made a plain
// transition here; doApprove an approval decision): a complete timer loads; each case breaks one thing and must stop the load naming the
// lifecycle document, the timer's pointer and the problem.

const LC = 'lifecycles/demoOrder';
const timer = (extra: object = {}) => ({
  at: '00:15',
  due: { field: 'orderDate', offsetDays: 7 },
  where: { field: 'totalAmount', op: 'gt', value: 0 },
  comment: {
    cn: '订单 {orderNumber} 于 {orderDate} 后七天自动提交',
    en: 'Order {orderNumber} submitted seven days after {orderDate}',
  },
  ...extra,
});
const withTimer = (t: object, transition = 0) =>
  miniAppProblems((doc) => {
    delete doc(LC).transitions[0].approval;
    doc(LC).transitions[1].approval = true;
    doc(LC).transitions[transition].timer = t;
  });
const messages = (t: object, transition = 0) =>
  withTimer(t, transition).map((p) => `${p.document.split('/').pop()} ${p.pointer}: ${p.message}`);

describe('transition timers at load', () => {
  it('a timer over a date field with a condition and placeholders loads', () => {
    expect(withTimer(timer())).toEqual([]);
    expect(withTimer(timer({ due: undefined }))).toEqual([]);
  });

  it('refuses a due field that is missing or not a date', () => {
    expect(messages(timer({ due: { field: 'shipDate' } }))).toEqual([
      'demoOrder.json /transitions/0/timer/due/field: "shipDate" is not a field of demoOrderHeader',
    ]);
    expect(messages(timer({ due: { field: 'totalAmount' } }))).toEqual([
      'demoOrder.json /transitions/0/timer/due/field: "totalAmount" of demoOrderHeader is a money, not a date or datetime',
    ]);
  });

  it('refuses unknown condition fields, parent conditions and placeholders', () => {
    expect(messages(timer({ where: { field: 'nope', op: 'null' } }))).toEqual([
      'demoOrder.json /transitions/0/timer/where: filter field "nope" is not a field of demoOrderHeader',
    ]);
    expect(
      messages(timer({ where: { parent: { field: 'status', op: 'eq', value: 'X' } } })).some((m) =>
        m.endsWith('a timer condition is over the record itself: no "parent"'),
      ),
    ).toBe(true);
    expect(messages(timer({ comment: { cn: '{missing}', en: 'x' } }))).toEqual([
      'demoOrder.json /transitions/0/timer/comment: placeholder "{missing}" is not a field of demoOrderHeader',
    ]);
  });

  it('refuses a due date or condition field that cannot be filtered on', () => {
    const problems = miniAppProblems((doc) => {
      delete doc(LC).transitions[0].approval;
      doc(LC).transitions[0].timer = timer();
      const fields = doc('entities/demoOrderHeader').fields;
      for (const f of fields) if (f.name === 'orderDate' || f.name === 'totalAmount') f.filterable = false;
    });
    expect(problems.map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      '/transitions/0/timer/due/field: "orderDate" of demoOrderHeader cannot be filtered on (secret, retired or not filterable)',
      '/transitions/0/timer/where: filter field "totalAmount" of demoOrderHeader cannot be filtered on',
    ]);
  });

  it('refuses a timer on an approval decision', () => {
    expect(messages(timer(), 1)).toContain(
      'demoOrder.json /transitions/1/timer: doApprove is an approval decision: a timer cannot decide it',
    );
  });

  it('refuses a timer on a transition for the submitter only', () => {
    const problems = miniAppProblems((doc) => {
      delete doc(LC).transitions[0].approval;
      doc(LC).transitions[0].submitterOnly = true;
      doc(LC).transitions[0].timer = timer();
    });
    expect(problems.map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      '/transitions/0/timer: doSubmit is for the submitter only: a timer is not the submitter',
    ]);
  });

  it('the schema refuses a time of day that is not hh:mm', () => {
    expect(withTimer(timer({ at: '24:00' })).map((p) => p.pointer)).toContain('/transitions/0/timer/at');
  });
});

describe('scheduled jobs at load', () => {
  const jobs = (list: object[]) => [
    ...miniAppDocuments(),
    { source: 'test:jobs', doc: { kind: 'scheduleSet', jobs: list } },
  ];

  it('loads named jobs and refuses a name declared twice', () => {
    const job = { name: 'demoScan', label: { cn: '扫描', en: 'Scan' }, at: '06:10' };
    expect(loadProblems(jobs([job]))).toEqual([]);
    expect(loadProblems(jobs([job, job])).map((p) => p.message)).toEqual([
      'scheduled job "demoScan" is defined twice (also in test:jobs)',
    ]);
  });
});
