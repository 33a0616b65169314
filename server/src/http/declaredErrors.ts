import { documentKind, loadDocumentFiles, MetadataRegistry } from '@meridian/metadata/node';
import type { DeclaredMessageDef } from '@meridian/metadata';
import { ApiError, type FieldErrorOut } from './apiError';

/**
 * Refusals and texts declared in metadata (message.schema.json) instead of written into code: domain
 * code throws `declaredError('qualify.noSuchNode', { nodeCode })` or takes the words of a
 * notification with `declaredText('price.warningPushTitle', values)`, and the status and both texts come
 * from the messageSet documents under metadata/apps. They are read from those files once per
 * process, whatever kernel is running: the codes are part of the code that uses them, as an
 * import is (a test checks that every code used is declared and every declared one is used).
 */
let catalog: MetadataRegistry | undefined;

function messages(): MetadataRegistry {
  catalog ??= MetadataRegistry.load(loadDocumentFiles().filter(({ doc }) => documentKind(doc) === 'messageSet'));
  return catalog;
}

/** The declared message with {name} placeholders filled; a value the text names and the caller did not pass is a defect. */
function fill(code: string, text: string, values: Record<string, unknown>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`declared message ${code} needs a value for {${name}}`);
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });
}

export function declaredMessage(code: string): DeclaredMessageDef {
  const message = messages().message(code);
  if (!message) throw new Error(`no messageSet declares the message "${code}"`);
  return message;
}

/**
 * The ApiError of a declared message. `errors` names the fields the refusal is about (the
 * envelope's errors); without them, a message that declares its field names that one.
 */
export function declaredError(code: string, values: Record<string, unknown> = {}, errors?: FieldErrorOut[]): ApiError {
  const m = declaredMessage(code);
  if (m.status === undefined) throw new Error(`declared message ${code} is a text (no status), not a refusal`);
  const text = declaredText(code, values);
  const named =
    errors ?? (m.field ? [{ field: fill(code, m.field, values), message: `${text.en} / ${text.cn}` }] : undefined);
  return new ApiError(m.status, text, named);
}

/** Both texts of a declared message, placeholders filled: the words of a notification, a to-do or an answer. */
export function declaredText(code: string, values: Record<string, unknown> = {}): { cn: string; en: string } {
  const m = declaredMessage(code);
  return { cn: fill(code, m.cn, values), en: fill(code, m.en, values) };
}

/** Every declared code (the test that every one is thrown somewhere reads this). */
export function declaredCodes(): string[] {
  return messages().messageCodes();
}
