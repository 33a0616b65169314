import type { SourcedDocument } from '@meridian/metadata/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { documentsWithEffects } from '../testing/metadataVariants';
import { startTestServer, type TestServer } from '../testing/testServer';
import { requisitionBody } from '../testing/srmFixtures';
import { addDays, today } from '../util/time';
import { act, actorsOf, as, draft, notifications, statusOf, type Actors } from './approvalFixtures';

/**
 * A transition's input (lifecycle.schema.json `input`) through the whole action: the requisition's
 * cancellation, on this server's own variant of purRequisition, takes a required description, an
 * urgent flag and a date defaulting to three days from today; a check refuses one description and
 * a notification quotes it, so both are seen to read the record with its input.
 */
let server: TestServer;
let a: Actors;

function withInput(): SourcedDocument[] {
  const quote = {
    notify: {
      to: { creator: true },
      title: { cn: '已取消', en: 'Cancelled' },
      content: { cn: '原因：{description}', en: 'Why: {description}' },
      type: 'APPROVAL',
    },
  };
  const documents = documentsWithEffects('purRequisition', { doCancel: [quote] });
  const lifecycle = documents.find((d) => {
    const doc = d.doc as { kind?: string; name?: string };
    return doc.kind === 'lifecycle' && doc.name === 'purRequisition';
  })!.doc as { transitions: Record<string, unknown>[] };
  Object.assign(
    lifecycle.transitions.find((t) => t.action === 'doCancel')!,
    {
      input: [
        { field: 'description', required: true },
        { field: 'urgentFlag' },
        { field: 'requisitionDate', default: { now: 'date', addDays: 3 } },
      ],
      checks: [
        {
          record: { field: 'description', op: 'ne', value: 'blocked' },
          field: 'description',
          message: { cn: '说明不能是 blocked', en: 'The description cannot be blocked' },
        },
        {
          record: { field: 'requisitionDate', op: 'gte', value: '$today' },
          field: 'requisitionDate',
          message: { cn: '日期不能早于今天', en: 'The date cannot be before today' },
        },
        {
          lines: 'lines',
          when: { field: 'description', op: 'eq', value: 'too few' },
          min: 99,
          state: true,
          message: { cn: '行不够', en: 'Not enough lines' },
        },
      ],
    },
  );
  // A check on approval, to see who may act asked before it.
  Object.assign(
    lifecycle.transitions.find((t) => t.action === 'doApprove')!,
    {
      checks: [
        {
          record: { field: 'description', op: 'ne', value: 'no approval' },
          message: { cn: '不能审批', en: 'Not approvable' },
        },
      ],
    },
  );
  return documents;
}

beforeAll(async () => {
  server = await startTestServer('lifecycle_transition_input', {}, { documents: withInput() });
  a = await actorsOf(server);
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const dateOf = (v: unknown) => (v instanceof Date ? today(v) : String(v).slice(0, 10));

describe('transition input', () => {
  it('a required input missing or blank is 400 naming the field, bilingual, and nothing changes', async () => {
    const id = await draft(a);
    for (const body of [{ id }, { id, description: '' }, { id, description: null }]) {
      const answer = await act(a, 'buyer01', 'doCancel', body);
      expectError(answer, 400, ['description']);
    }
    const inLanguage = (language: string) =>
      server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'doCancel', { id }, { ...as(a, 'buyer01'), language });
    const cn = await inLanguage('CN');
    expectError(cn, 400, ['description']);
    expect(cn.body.msg).toBe('请填写说明');
    const en = await inLanguage('EN');
    expectError(en, 400, ['description']);
    expect(en.body.msg).toBe('Description is required');
    expect((await statusOf(server, id)).status).toBe('DRAFT');
  });

  it('a value of the wrong type is 400 naming its field', async () => {
    const id = await draft(a);
    expectError(await act(a, 'buyer01', 'doCancel', { id, description: 'x', urgentFlag: 'MAYBE' }), 400, [
      'urgentFlag',
    ]);
    expectError(await act(a, 'buyer01', 'doCancel', { id, description: 'x', requisitionDate: 'soon' }), 400, [
      'requisitionDate',
    ]);
    expectError(await act(a, 'buyer01', 'doCancel', { id, description: 42 }), 400, ['description']);
    expect((await statusOf(server, id)).status).toBe('DRAFT');
  });

  it('the checks see the input: a refused value is 400 naming the field', async () => {
    const id = await draft(a);
    expectError(await act(a, 'buyer01', 'doCancel', { id, description: 'blocked' }), 400, ['description']);
    expect((await statusOf(server, id)).status).toBe('DRAFT');
  });

  it('a check compares with $today, the moment of the transition', async () => {
    const id = await draft(a);
    const past = await act(a, 'buyer01', 'doCancel', { id, description: 'x', requisitionDate: addDays(today(), -1) });
    expectError(past, 400, ['requisitionDate']);
    expect(past.body.msg).toBe('The date cannot be before today');
    expect((await statusOf(server, id)).status).toBe('DRAFT');
    expectOk(await act(a, 'buyer01', 'doCancel', { id, description: 'x', requisitionDate: today() }));
  });

  it('who may act is asked before the checks: a self-approval is 403 even where a check refuses the record', async () => {
    const body = requisitionBody({ description: 'no approval' });
    const id = expectOk(await act(a, 'admin', 'saveOrUpdate', body)).requisitionHeaderId as number;
    expectOk(await act(a, 'admin', 'doSubmit', { id }));
    const self = await act(a, 'admin', 'doApprove', { id });
    expectError(self, 403);
    expect(self.body.msg).toBe('The submitter cannot approve their own document');
    const other = await act(a, 'manager01', 'doApprove', { id });
    expectError(other, 409);
    expect(other.body.msg).toBe('Not approvable');
    expect((await statusOf(server, id)).status).toBe('SUBMITTED');
  });

  it('a lines check stated as a state rule is 409 naming no field', async () => {
    const id = await draft(a);
    const answer = await act(a, 'buyer01', 'doCancel', { id, description: 'too few' });
    expectError(answer, 409);
    expect(answer.body.msg).toBe('Not enough lines');
    expect((await statusOf(server, id)).status).toBe('DRAFT');
  });

  it('writes the values with the state change, a missing one from its default; the effects read them', async () => {
    const id = await draft(a);
    expectOk(await act(a, 'buyer01', 'doCancel', { id, description: '预算取消', urgentFlag: 'Y' }));
    const row = await statusOf(server, id);
    expect(row).toMatchObject({ status: 'CANCELLED', description: '预算取消', urgent_flag: 'Y' });
    expect(dateOf(row.requisition_date)).toBe(addDays(today(), 3));
    expect(await notifications(server, id)).toMatchObject([
      { notification_content: '原因：预算取消', notification_content_en: 'Why: 预算取消' },
    ]);
  });

  it('a batch writes the one value to every record', async () => {
    const ids = [await draft(a), await draft(a)];
    expectOk(await act(a, 'buyer01', 'doCancel', { ids, description: 'batch', requisitionDate: '2030-01-02' }));
    for (const id of ids) {
      const row = await statusOf(server, id);
      expect(row).toMatchObject({ status: 'CANCELLED', description: 'batch' });
      expect(dateOf(row.requisition_date)).toBe('2030-01-02');
    }
  });
});
