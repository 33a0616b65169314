/**
 * The props of the rich-text editor: the field (RichTextField.tsx) passes them to the Tiptap editor
 * (TiptapEditor.tsx), which it loads on demand; both import them from here.
 */
export interface RichTextEditorProps {
  value?: string | null;
  onChange?: (html: string) => void;
  disabled?: boolean;
  'aria-label'?: string;
}
