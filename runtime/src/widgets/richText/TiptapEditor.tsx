/**
 * Tiptap (ProseMirror) editing of rich text: no inline script or eval, so it runs under the app's
 * Content-Security-Policy. The HTML it writes is within the allow-list of metadata
 * richTextPolicy; the server cleans it again on save, so the editor is not the safeguard.
 * Default export: RichTextField imports this module lazily.
 */
import { richTextUrlAllowed } from '@meridian/metadata';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextEditorProps } from './richTextEditorProps';
import { RichTextToolbar } from './RichTextToolbar';

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: { openOnClick: false, isAllowedUri: (url) => richTextUrlAllowed(url) },
  }),
];

export default function TiptapEditor({ value, onChange, disabled, 'aria-label': ariaLabel }: RichTextEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': ariaLabel ?? t('richText.content') },
    },
    // An emptied editor stores '' (not "<p></p>"), so that a required field still says so.
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });
  // A value set from outside (the record loaded, another language's form) replaces the content.
  useEffect(() => {
    // useEditor may hand over an editor it has already destroyed (a re-created instance replaces
    // it on remount); its schema is gone then, and reading its HTML throws.
    if (!editor || editor.isDestroyed) return;
    const html = value ?? '';
    if (html !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);
  return (
    <div className="meridian-rich-text-editor" data-testid="rich-text-editor">
      <RichTextToolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} className="meridian-rich-text" />
    </div>
  );
}
