/** The editor's buttons (labels in the interface language), each showing whether its mark or block is on. */
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Button, Divider, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ToolDef {
  key: string;
  icon: ReactNode;
  /** The mark or node that is "on" (aria-pressed), if the tool toggles one. */
  active?: [string, Record<string, unknown>?];
  run: (editor: Editor) => void;
}

const TOOLS: (ToolDef | 'divider')[] = [
  { key: 'bold', icon: <BoldOutlined />, active: ['bold'], run: (e) => e.chain().focus().toggleBold().run() },
  { key: 'italic', icon: <ItalicOutlined />, active: ['italic'], run: (e) => e.chain().focus().toggleItalic().run() },
  {
    key: 'underline',
    icon: <UnderlineOutlined />,
    active: ['underline'],
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    key: 'strike',
    icon: <StrikethroughOutlined />,
    active: ['strike'],
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  'divider',
  {
    key: 'heading2',
    icon: 'H2',
    active: ['heading', { level: 2 }],
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    key: 'heading3',
    icon: 'H3',
    active: ['heading', { level: 3 }],
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: 'bulletList',
    icon: <UnorderedListOutlined />,
    active: ['bulletList'],
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    key: 'orderedList',
    icon: <OrderedListOutlined />,
    active: ['orderedList'],
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  { key: 'blockquote', icon: '❝', active: ['blockquote'], run: (e) => e.chain().focus().toggleBlockquote().run() },
  'divider',
  { key: 'undo', icon: <UndoOutlined />, run: (e) => e.chain().focus().undo().run() },
  { key: 'redo', icon: <RedoOutlined />, run: (e) => e.chain().focus().redo().run() },
];

const TOGGLES = TOOLS.filter((tool): tool is ToolDef => tool !== 'divider' && !!tool.active);

export function RichTextToolbar({ editor, disabled }: { editor: Editor | null; disabled?: boolean }) {
  const { t } = useTranslation();
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(TOGGLES.map((tool) => [tool.key, current?.isActive(...tool.active!) ?? false])),
  });
  return (
    <Space size={2} wrap role="toolbar" aria-label={t('richText.toolbar')} className="meridian-rich-text-toolbar">
      {TOOLS.map((tool, index) =>
        tool === 'divider' ? (
          <Divider key={`divider${index}`} type="vertical" />
        ) : (
          <Tooltip key={tool.key} title={t(`richText.${tool.key}`)}>
            <Button
              size="small"
              type={active?.[tool.key] ? 'primary' : 'text'}
              aria-label={t(`richText.${tool.key}`)}
              aria-pressed={tool.active ? Boolean(active?.[tool.key]) : undefined}
              disabled={disabled || !editor}
              icon={tool.icon}
              onClick={() => editor && tool.run(editor)}
            />
          </Tooltip>
        ),
      )}
    </Space>
  );
}
