import { TrustDeadlineList } from '../../components/deadlines/TrustDeadlineList.tsx';
import { Panel, PanelHeader, PanelLead } from '../../components/Panel.ts';

/**
 * The trust's deadlines (/trust): per course licensed to its schools, a date and days for new
 * staff that reach every school of the trust. Each school may set an earlier date of its own.
 */
export function TrustDeadlines({ trustId }: { trustId: number }) {
  return (
    <Panel aria-labelledby="trust-deadlines-title">
      <PanelHeader>
        <h2 id="trust-deadlines-title">Deadlines for every school</h2>
      </PanelHeader>
      <PanelLead>
        A deadline here applies to the staff of every school of the trust that has the course. A school's managers may set an earlier date for their school,
        never a later one; where a school's own date is later, the trust's applies. Staff are reminded by e-mail of the date that applies to them.
      </PanelLead>
      <TrustDeadlineList trustId={trustId} />
    </Panel>
  );
}
