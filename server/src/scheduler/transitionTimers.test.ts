import { EntityModel, evaluateFilter, type FieldDef, type TransitionTimer } from '@meridian/metadata';
import { describe, expect, it } from 'vitest';
import { ScheduledJobRegistry } from './scheduledJobs';
import type { TransitionTimerDef } from './timerCatalog';
import { dueCondition, timerComment } from './transitionTimers';

const f = (name: string, type: FieldDef['type']): FieldDef => ({ name, type, label: { cn: name, en: name } });
const entity = new EntityModel({
  kind: 'entity',
  name: 'demoLease',
  area: 'srmServer',
  table: 'demo_lease',
  label: { cn: '租约', en: 'Lease' },
  primaryKey: 'leaseId',
  statusField: 'status',
  fields: [
    f('status', 'string'),
    f('endDate', 'date'),
    f('remindAt', 'datetime'),
    f('permanentFlag', 'flag'),
    f('leaseNo', 'string'),
  ],
});
const timerOn = (timer: TransitionTimer): TransitionTimerDef => ({
  kind: 'transition',
  name: 'demoLease.doExpire',
  label: { cn: '到期', en: 'Expire' },
  at: timer.at,
  entity,
  transition: { action: 'doExpire', from: ['ACTIVE', 'HELD'], to: 'EXPIRED', resourceCode: 'btnExpire', timer },
});
const comment = { cn: '租约 {leaseNo} 于 {endDate} 到期', en: 'Lease {leaseNo} ended on {endDate}' };
const NOW = new Date(2026, 11, 2, 8, 30, 0); // 2026-12-02 08:30:00 local

describe('a transition timer is due', () => {
  const afterEnd = timerOn({
    at: '00:15',
    due: { field: 'endDate', offsetDays: 1 },
    where: { field: 'permanentFlag', op: 'ne', value: 'Y' },
    comment,
  });
  const due = (row: Record<string, unknown>, timer = afterEnd) =>
    evaluateFilter(dueCondition(timer, NOW), { status: 'ACTIVE', permanentFlag: 'N', ...row });

  it('the day after a date field (offset 1), in a from-state, when the condition holds', () => {
    expect(due({ endDate: '2026-12-01' })).toBe(true);
    expect(due({ endDate: '2026-12-02' })).toBe(false); // ends today: due tomorrow
    expect(due({ endDate: '2026-12-01', status: 'HELD' })).toBe(true);
    expect(due({ endDate: '2026-12-01', status: 'EXPIRED' })).toBe(false);
    expect(due({ endDate: '2026-12-01', permanentFlag: 'Y' })).toBe(false);
    expect(due({ endDate: null })).toBe(false);
  });

  it('a datetime field compares to the moment, before it with a negative offset', () => {
    const weekBefore = timerOn({ at: '06:00', due: { field: 'remindAt', offsetDays: -7 }, comment });
    expect(due({ remindAt: '2026-12-09 08:30:00' }, weekBefore)).toBe(true);
    expect(due({ remindAt: '2026-12-09 08:30:01' }, weekBefore)).toBe(false);
  });

  it('without a due date, every record in a from-state that matches', () => {
    const whileHeld = timerOn({ at: '06:00', where: { field: 'status', op: 'eq', value: 'HELD' }, comment });
    expect(due({ status: 'HELD' }, whileHeld)).toBe(true);
    expect(due({ status: 'ACTIVE' }, whileHeld)).toBe(false);
  });

  it('writes its comment in both languages with the record values, dates as dates', () => {
    expect(timerComment(afterEnd, { leaseNo: 'L-7', endDate: '2026-12-01 00:00:00' })).toBe(
      '租约 L-7 于 2026-12-01 到期 / Lease L-7 ended on 2026-12-01',
    );
  });
});

describe('scheduled jobs', () => {
  it('must be declared and registered both', () => {
    const jobs = new ScheduledJobRegistry();
    jobs.register('scan', () => Promise.resolve(0));
    jobs.register('extra', () => Promise.resolve(0));
    expect(() => jobs.register('scan', () => Promise.resolve(1))).toThrow('registered twice');
    expect(
      jobs.mismatches([
        { name: 'scan', label: comment, at: '06:10' },
        { name: 'missing', label: comment, at: '06:10' },
      ]),
    ).toEqual([
      'scheduled job "missing" is not registered',
      'scheduled job "extra" is registered but no scheduleSet declares it',
    ]);
  });
});
