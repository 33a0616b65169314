import type { JsonSchema } from '@meridian/metadata';
import type { MetadataRegistry, SourcedDocument } from '@meridian/metadata/node';
import type { Identity } from './access/permissionGuard';
import type { AuthServices } from './auth/authServices';
import type { LoginPolicyRegistry } from './auth/loginPolicies';
import type { ServerConfig } from './config';
import type { Database, Row } from './db/sqlExecutor';
import type { FileStorage } from './files/fileStorage';
import type { RecordHookRegistry } from './hooks/recordHooks';
import type { LifecycleService } from './lifecycle/lifecycleService';
import type { TransitionHandlerRegistry } from './lifecycle/transitionHandlers';
import type { ScheduledJobRegistry } from './scheduler/scheduledJobs';
import type { ResourceContext } from './resource/context';
import type { ActionResult, ResourceService } from './resource/resourceService';

// The kernel's types, and those that refer back to it (a custom action's handler takes the kernel,
// the live holder hands kernels out): they live here together, and this module imports nothing
// that imports it — platform/actionRegistry.ts and modeling/liveKernel.ts implement them.

/** Everything a request needs, built once at start-up before Nest (metadata decides the tables). */
export interface Kernel {
  config: ServerConfig;
  registry: MetadataRegistry;
  db: Database;
  resources: ResourceService;
  lifecycles: LifecycleService;
  actions: ActionCatalog;
  hooks: RecordHookRegistry;
  /** Named transition handlers (lifecycle `handler`), registered at start-up. */
  handlers: TransitionHandlerRegistry;
  /** Scheduled jobs the domains registered (scheduler/scheduledJobs.ts), run by the platform scheduler. */
  jobs: ScheduledJobRegistry;
  auth: AuthServices;
  /** What the application's domains add to signing in (auth/loginPolicies.ts). */
  login: LoginPolicyRegistry;
  /** Where attachment bytes live: the file server's and the domains' one storage (KernelOptions.fileStorage). */
  fileStorage: FileStorage;
  /** The reloadable holder this kernel belongs to (table_model publishes swap the kernel whole; see modeling/liveKernel.ts). */
  live?: LiveKernelHandle;
}

/** What a custom action may know of its request beyond the body. */
export interface ActionRequest {
  identity?: Identity;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
  /**
   * The call's multipart/form-data upload of one .xlsx (field `file`) with its other form fields,
   * streamed to a temporary file that is removed when the action returns (400 when the call is not
   * such an upload; the upload size limit applies).
   */
  xlsxUpload?: () => Promise<ActionUpload>;
  /** A stored attachment with its bytes, when the caller may read it under the file server's rules (404 otherwise). */
  readFile?: (attachmentId: number) => Promise<ActionStoredFile>;
}

/** An .xlsx uploaded to a custom action (ActionRequest.xlsxUpload). */
export interface ActionUpload {
  /** Temporary file holding the upload. */
  file: string;
  originalName: string;
  fields: Record<string, string>;
}

/** An attachment's record and content (ActionRequest.readFile). */
export interface ActionStoredFile {
  id: number;
  originalFileName: string;
  extension: string;
  contentType: string;
  size: number;
  content: Buffer;
}

export type ActionHandler = (
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  request: ActionRequest,
) => Promise<ActionResult>;

/**
 * Who may call a custom action: `public` (no session: login, captcha, forgotten password),
 * `session` (any signed-in user: their own info, lookups, menus), or a menu grant — the call
 * must come from a menu whose pages include one of `pages`, with `resourceCode` granted on it.
 */
export type ActionAccess = 'public' | 'session' | { pages: string[]; resourceCode?: string };

export interface RegisteredAction {
  area: string;
  resource: string;
  action: string;
  access: ActionAccess;
  handler: ActionHandler;
  /**
   * Reachable by a session whose password must be changed first (a temporary one): only what the
   * change-password screen needs. Every other call of such a session is refused (auth/passwordChange.ts).
   */
  duringPasswordChange?: boolean;
  /**
   * The body as JSON Schema: every call is checked against it (and numbers sent as text taken as
   * numbers) before the handler runs, 400 naming each field otherwise; the OpenAPI document shows
   * it (platform/actionInput.ts).
   */
  input?: JsonSchema;
  /**
   * The states of its record the action is allowed in, checked by the platform before the handler
   * and again inside every transaction the handler opens through its kernel's db (409 otherwise;
   * platform/actionStates.ts).
   */
  states?: ActionStates;
}

/** A custom action's allowed states (RegisteredAction.states). */
export interface ActionStates {
  /** The entity of the record the action works on. */
  entity: string;
  /** The body field holding the record's id (default `id`), or fields of which the first given; declare them in `input`. */
  id?: string | readonly string[];
  /** The state field (default: the entity's statusField) and the states allowed. */
  field?: string;
  in: readonly string[];
  /** Further fields of the record that must hold one of their values (an order's feedbackStatus). */
  also?: Readonly<Record<string, readonly string[]>>;
  /** The refusal's text from the record as read (a declared text, filled from the row); a generic one naming the state otherwise. */
  refusal?: (row: Row) => { cn: string; en: string };
}

/** The custom actions a request can reach (platform/actionRegistry.ts's ActionRegistry). */
export interface ActionCatalog {
  find(resource: string, action: string): RegisteredAction | undefined;
  list(): RegisteredAction[];
}

/** The reloadable holder of the serving kernel (modeling/liveKernel.ts's LiveKernel). */
export interface LiveKernelHandle {
  /** The file metadata every reload starts from. */
  readonly fileDocuments: SourcedDocument[];
  /** The kernel serving requests now. */
  readonly kernel: Kernel;
  /** The kernel for a new request: reloaded first when another instance has published since. */
  fresh(): Promise<Kernel>;
  /** Reloads from the database now (after a publish on this instance). */
  reload(): Promise<Kernel>;
}

export const KERNEL = 'MERIDIAN_KERNEL';
