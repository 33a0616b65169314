/**
 * The RichText widget of form fields (FormField.widget "RichText", e.g. announcement content):
 * editing uses the Tiptap editor, loaded only when a rich-text field is edited (it is not part
 * of the initial bundle); read-pretty shows the sanitised HTML through the one renderer.
 */
import { connect, mapReadPretty, useField } from '@formily/react';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { busy } from '../../core/busy';
import { RichText } from './RichText';
import type { RichTextEditorProps } from './richTextEditorProps';

export type { RichTextEditorProps } from './richTextEditorProps';

const TiptapEditor = lazy(() => busy.during(import('./TiptapEditor')));

export function RichTextEditor(props: RichTextEditorProps) {
  // The editable area is named by the field's label (FormItem does not pass it down).
  const title = (useField() as { title?: unknown } | null)?.title;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
      <TiptapEditor {...props} aria-label={props['aria-label'] ?? (typeof title === 'string' ? title : undefined)} />
    </Suspense>
  );
}

function RichTextPreview({ value }: { value?: unknown }) {
  return <RichText html={value} />;
}

export const RichTextField = connect(RichTextEditor, mapReadPretty(RichTextPreview));
