import type { Decorator } from '@storybook/react-vite';
import { ApiError } from '../portal/src/api/client.ts';
import { Panel, PanelHeader, PanelLead } from '../portal/src/components/Panel.ts';

/** A read that failed the way a busy or restarting server answers: 503 with the API's error shape. */
export const serverNotAnswering = () =>
  new ApiError(503, 'Service Unavailable', JSON.stringify({ message: 'The server is not answering.', id: 'service_unavailable' }));

/**
 * A panel as a page places it, for a view's slot: in the app each slot is a container of its own
 * (with its own stories), so a page's story shows where it stands and what it is.
 */
export const panelSlot = (id: string, title: string, lead: string) => (
  <Panel aria-labelledby={`${id}-title`}>
    <PanelHeader>
      <h2 id={`${id}-title`}>{title}</h2>
    </PanelHeader>
    <PanelLead>{lead}</PanelLead>
  </Panel>
);

/**
 * A dialog's story decorator: the panel the dialog opens over, which its scrim dims. A dialog
 * draws in a portal of its own, so without it the story's page would be empty.
 */
export const overPanel =
  (id: string, title: string, lead: string): Decorator =>
  (Story) => (
    <>
      {panelSlot(id, title, lead)}
      <Story />
    </>
  );
