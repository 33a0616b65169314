import type { TransitionRun } from '../../../lifecycle/transitionRun';
import type { SupplierStatusStore } from '../status/supplierStatusStore';

export const DEVELOP = 'srmSlcSupplierDevelop';
const OUTBOX = 'baseMailOutbox';
export const INVITE_PURPOSE = 'SUPPLIER_INVITE';

/** The registration link of an invitation: /register naming the development, so the registration is recorded as invited. */
export function inviteLink(developNumber: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = (env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  return `${base}/register?invite=${encodeURIComponent(developNumber)}`;
}

function inviteBody(run: TransitionRun, link: string): string {
  const r = run.record;
  const to = r.contactName ? String(r.contactName) : String(r.targetSupplierName);
  return [
    `${to}，您好：`,
    `诚邀贵司（${String(r.targetSupplierName)}）注册成为我司供应商。请通过以下链接完成注册：`,
    link,
    '',
    `Dear ${to},`,
    `we invite ${String(r.targetSupplierName)} to register as our supplier. Please register here:`,
    link,
  ].join('\n');
}

/**
 * doApprove of a development (DOMAIN 1.10): the registration invitation goes to the contact
 * through the platform's mail outbox (base_mail_outbox, the table the Mailer writes) in the
 * approval's own transaction — a rolled-back approval leaves no mail behind; the invitation
 * date is a declared effect (slcSupplierDevelop.json). Without SMTP_URL the row stays
 * OUTBOX_ONLY for an administrator, as every platform mail does.
 */
export async function inviteDevelopSupplier(store: SupplierStatusStore, run: TransitionRun): Promise<void> {
  const number = String(run.record.developNumber);
  const link = inviteLink(number);
  await store.writer.insert(
    run.tx,
    store.model(OUTBOX),
    {
      toAddress: String(run.record.contactEmail),
      subject: `供应商注册邀请 ${number} / Invitation to register as a supplier`,
      body: inviteBody(run, link),
      purpose: INVITE_PURPOSE,
      status: process.env.SMTP_URL ? 'PENDING' : 'OUTBOX_ONLY',
    },
    run.ctx,
  );
}
