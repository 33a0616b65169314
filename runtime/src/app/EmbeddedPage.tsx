/**
 * An embedded external page: /iframeBox{path}?…&actionId= (the whole window) and /main/iframe?…
 * (a shell tab). The actionId is opened by the server for this session only; a tampered,
 * foreign or non-http(s) link shows the server's message instead of a frame.
 */
import { Alert, Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../core/apiError';
import { embedSource, isEmbeddableUrl, openEmbedParams, type EmbedParams } from '../core/embedLinks';
import { pickLabel } from '../core/language';
import { useMenus } from '../core/MenuContext';
import { useLanguage } from '../i18n';
import { HOME_PATH } from './authPaths';
import { useTabTitle } from './tabContext';

type State =
  { status: 'loading' } | { status: 'ready'; params: EmbedParams; src: string } | { status: 'error'; message: string };

function useEmbedParams(actionId: string): State {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    openEmbedParams(actionId).then(
      (params) => {
        if (!live) return;
        if (!isEmbeddableUrl(params.url)) setState({ status: 'error', message: t('embed.notAllowed') });
        else setState({ status: 'ready', params, src: embedSource(params, window.location.origin) });
      },
      (error: unknown) =>
        live && setState({ status: 'error', message: isApiError(error) ? error.msg : t('embed.failed') }),
    );
    return () => {
      live = false;
    };
  }, [actionId, t]);
  return state;
}

/** The menu that opened the link names the page, else its pageName (unless the default PAGE). */
function useEmbedTitle(params: EmbedParams | undefined): string {
  const { t } = useTranslation();
  const menus = useMenus();
  const language = useLanguage();
  const menu = params?.menuId ? menus.find((row) => String(row.menuId) === params.menuId) : undefined;
  if (menu) return pickLabel(menu.menuName, language);
  return params?.pageName && params.pageName !== 'PAGE' ? params.pageName : t('embed.title');
}

export function EmbeddedPage({ fullWindow = false }: { fullWindow?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const state = useEmbedParams(query.get('actionId') ?? '');
  const title = useEmbedTitle(state.status === 'ready' ? state.params : undefined);
  useTabTitle(title);
  if (state.status === 'loading')
    return (
      <Spin tip={t('embed.opening')} style={{ display: 'block', margin: 48 }}>
        <div />
      </Spin>
    );
  if (state.status === 'error') {
    return (
      <Alert
        type="error"
        showIcon
        message={t('embed.failed')}
        description={state.message}
        action={<Button onClick={() => navigate(HOME_PATH)}>{t('notFound.backHome')}</Button>}
        style={{ margin: fullWindow ? 24 : 0 }}
      />
    );
  }
  const frame = (
    <iframe
      title={title}
      src={state.src}
      referrerPolicy="no-referrer"
      style={{
        display: 'block',
        width: '100%',
        height: fullWindow ? '100vh' : 'calc(100vh - 220px)',
        minHeight: 400,
        border: fullWindow ? 0 : '1px solid #f0f0f0',
        background: '#fff',
      }}
    />
  );
  if (fullWindow) return frame;
  // Sites that forbid framing (X-Frame-Options) stay blank in a frame: offer the window too.
  return (
    <>
      <div style={{ textAlign: 'right', marginBottom: 4 }}>
        <a href={state.src} target="_blank" rel="noopener noreferrer">
          {t('embed.openInNewWindow')}
        </a>
      </div>
      {frame}
    </>
  );
}
