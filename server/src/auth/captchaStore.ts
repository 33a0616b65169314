import type { EntityModel } from '@meridian/metadata';
import type { Database } from '../db/sqlExecutor';
import { systemContext } from '../resource/context';
import type { ResourceWriter } from '../resource/resourceWriter';
import { formatDateTime } from '../util/time';
import { MINUTE, parseDateTime, stampIn } from './clock';
import { captchaImage, randomCaptchaText } from './captchaImage';
import { randomToken, sha256 } from './tokens';

const CAPTCHA_TTL_MS = 5 * MINUTE;

/** Image captchas: answer stored hashed, valid 5 minutes, consumed by the first check, right or wrong. */
export class CaptchaStore {
  constructor(
    private readonly db: Database,
    private readonly writer: ResourceWriter,
    private readonly entity: EntityModel,
  ) {}

  async issue(answer: string = randomCaptchaText()): Promise<{ validateKey: string; image: string }> {
    const validateKey = randomToken();
    await this.db.transaction((tx) =>
      this.writer.insert(
        tx,
        this.entity,
        {
          captchaKeyHash: sha256(validateKey),
          answerHash: sha256(answer.toUpperCase()),
          expiresDate: stampIn(CAPTCHA_TTL_MS),
          usedFlag: 'N',
        },
        systemContext(),
      ),
    );
    return { validateKey, image: captchaImage(answer) };
  }

  async check(validateKey: unknown, validateCode: unknown): Promise<boolean> {
    if (typeof validateKey !== 'string' || typeof validateCode !== 'string' || !validateKey || !validateCode)
      return false;
    const q = this.db.dialect.quote;
    return this.db.transaction(async (tx) => {
      const rows = await tx.select(
        `SELECT ${q('captcha_id')} AS id, ${q('answer_hash')} AS answer, ${q('expires_date')} AS expires FROM ${q('base_captcha')} ` +
          `WHERE ${q('captcha_key_hash')} = ? AND ${q('used_flag')} = 'N'${tx.dialect.forUpdate}`,
        [sha256(validateKey)],
      );
      const row = rows[0];
      if (!row) return false;
      const used = await tx.execute(
        `UPDATE ${q('base_captcha')} SET ${q('used_flag')} = 'Y', ${q('last_update_date')} = ? WHERE ${q('captcha_id')} = ? AND ${q('used_flag')} = 'N'`,
        [formatDateTime(), Number(row.id)],
      );
      return (
        used.affected === 1 &&
        parseDateTime(row.expires) > Date.now() &&
        row.answer === sha256(validateCode.trim().toUpperCase())
      );
    });
  }
}
