import { bothLanguages } from '@meridian/metadata';
import { declaredText } from '../../../http/declaredErrors';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import type { SupplierStatusStore } from '../status/supplierStatusStore';

const OUTBOX = 'baseMailOutbox';
export const INVITE_PURPOSE = 'SUPPLIER_INVITE';

/** The registration link of an invitation: /register naming the development, so the registration is recorded as invited. */
export function inviteLink(developNumber: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = (env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  return `${base}/register?invite=${encodeURIComponent(developNumber)}`;
}

/** The invitation's subject and body, Chinese then English (the invited company has no language of its own yet). */
function inviteMail(run: TransitionRun, number: string): { subject: string; body: string } {
  const r = run.record;
  const company = String(r.targetSupplierName);
  const values = { number, to: String(r.contactName || company), company, link: inviteLink(number) };
  const subject = declaredText('supplier.inviteSubject', values);
  const body = declaredText('supplier.inviteBody', values);
  return { subject: bothLanguages(subject), body: bothLanguages(body, '\n\n') };
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
  await store.writer.insert(
    run.tx,
    store.model(OUTBOX),
    {
      toAddress: String(run.record.contactEmail),
      ...inviteMail(run, number),
      purpose: INVITE_PURPOSE,
      status: process.env.SMTP_URL ? 'PENDING' : 'OUTBOX_ONLY',
    },
    run.ctx,
  );
}
