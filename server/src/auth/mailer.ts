import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database } from '../db/sqlExecutor';
import { systemContext } from '../resource/context';
import type { ResourceWriter } from '../resource/resourceWriter';
import { formatDateTime } from '../util/time';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  purpose: string;
}

type Transport = { sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown> };

/**
 * Every message is first written to base_mail_outbox; with SMTP_URL set it is then sent and
 * marked SENT or FAILED (with the error). Without SMTP it stays OUTBOX_ONLY for an administrator
 * to read. Nothing is silently dropped.
 */
export class Mailer {
  private transport?: Transport;

  constructor(
    private readonly registry: MetadataRegistry,
    private readonly db: Database,
    private readonly writer: ResourceWriter,
    private readonly smtpUrl = process.env.SMTP_URL,
    private readonly from = process.env.MAIL_FROM ?? 'Meridian SRM <no-reply@meridian.local>',
  ) {}

  private async transportFor(): Promise<Transport | undefined> {
    if (!this.smtpUrl) return undefined;
    if (!this.transport) {
      const nodemailer = await import('nodemailer');
      this.transport = nodemailer.createTransport(this.smtpUrl) as unknown as Transport;
    }
    return this.transport;
  }

  async send(message: MailMessage): Promise<'SENT' | 'FAILED' | 'OUTBOX_ONLY'> {
    const entity = this.registry.entity('baseMailOutbox')!;
    const transport = await this.transportFor();
    const id = await this.db.transaction((tx) =>
      this.writer.insert(
        tx,
        entity,
        {
          toAddress: message.to,
          subject: message.subject,
          body: message.body,
          purpose: message.purpose,
          status: transport ? 'PENDING' : 'OUTBOX_ONLY',
        },
        systemContext(),
      ),
    );
    if (!transport) return 'OUTBOX_ONLY';
    let status: 'SENT' | 'FAILED' = 'SENT';
    let error: string | null = null;
    try {
      await transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.body });
    } catch (e) {
      status = 'FAILED';
      error = String((e as Error).message ?? e).slice(0, 1000);
    }
    const q = this.db.dialect.quote;
    const col = (f: string) => q(entity.field(f)!.column);
    await this.db.transaction((tx) =>
      tx.execute(
        `UPDATE ${q(entity.table)} SET ${col('status')} = ?, ${col('sentDate')} = ?, ${col('errorMessage')} = ? WHERE ${col(entity.primaryKey)} = ?`,
        [status, formatDateTime(), error, id],
      ),
    );
    return status;
  }
}
