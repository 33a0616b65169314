import type { MetadataRegistry } from '@meridian/metadata/node';
import { AccessService } from '../access/accessService';
import { PermissionGuard } from '../access/permissionGuard';
import type { Database } from '../db/sqlExecutor';
import type { ResourceWriter } from '../resource/resourceWriter';
import { CaptchaStore } from './captchaStore';
import { LoginThrottle } from './loginThrottle';
import { Mailer } from './mailer';
import { PasswordCodes } from './passwordCodes';
import { SessionStore } from './sessionStore';

/** Identity and access services of one process; all their state lives in the database. */
export interface AuthServices {
  access: AccessService;
  sessions: SessionStore;
  captchas: CaptchaStore;
  throttle: LoginThrottle;
  codes: PasswordCodes;
  mailer: Mailer;
  guard: PermissionGuard;
}

export function createAuthServices(registry: MetadataRegistry, db: Database, writer: ResourceWriter): AuthServices {
  const entity = (name: string) => {
    const model = registry.entity(name);
    if (!model) throw new Error(`The access model needs the entity ${name}`);
    return model;
  };
  const access = new AccessService(registry, db);
  const sessions = new SessionStore(db, writer, entity('baseSession'));
  return {
    access,
    sessions,
    captchas: new CaptchaStore(db, writer, entity('baseCaptcha')),
    throttle: new LoginThrottle(db, writer, entity('baseLoginThrottle')),
    codes: new PasswordCodes(db, writer, entity('basePasswordCode')),
    mailer: new Mailer(registry, db, writer),
    guard: new PermissionGuard(access, sessions),
  };
}
