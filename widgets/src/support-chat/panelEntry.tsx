import { createRoot } from 'react-dom/client';
import { StyleSheetManager } from 'styled-components';
import type { MountPanel } from './panelContract.ts';
import { SupportChatPanel } from './SupportChatPanel.tsx';

/** The lazily loaded half of support-chat.js: React (Preact in the bundle) and the panel. */
const mountSupportChatPanel: MountPanel = (container, props, { styleTarget, nonce }) => {
  const root = createRoot(container);
  const render = (next: typeof props) =>
    root.render(
      <StyleSheetManager target={styleTarget} nonce={nonce} disableCSSOMInjection>
        <SupportChatPanel {...next} />
      </StyleSheetManager>,
    );
  render(props);
  return { update: render, unmount: () => root.unmount() };
};

const registry = (window.AtriumWidgets ??= {});
registry.supportChatPanel ??= mountSupportChatPanel;
