import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useSetSubmissionSharing } from '../../api/schools.ts';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { Panel, PanelHeader, PanelLead } from '../../components/Panel.ts';
import { useToast } from '../../components/toast/Toaster.tsx';

/**
 * Whether this school's managers may see what its staff send to assignments (issue 37). Off by
 * default: then only the learner and the agency's reviewers see a submission; the status list
 * still says where each one stands.
 */
export function SubmissionSharing({ schoolId, enabled }: { schoolId: number; enabled: boolean }) {
  const { toast } = useToast();
  const save = useSetSubmissionSharing(schoolId);
  // The choice shows at once (set in the click's own render, so the box never flicks back) and
  // until the school is read again (`enabled` changes); a failed save shows the setting as it was.
  const [choice, setChoice] = useState<{ value: boolean; over: boolean } | null>(null);
  const checked = choice && choice.over === enabled ? choice.value : enabled;
  return (
    <Panel aria-labelledby="sharing-title">
      <PanelHeader>
        <h2 id="sharing-title">Assignment submissions</h2>
      </PanelHeader>
      <PanelLead>
        Courses with assignments ask staff to send photos, recordings or documents; the agency’s reviewers give feedback. The status list shows where each one
        stands.
      </PanelLead>
      <CheckboxField
        name="managersSeeSubmissions"
        label="Managers of this school may see what staff submit"
        hint="Staff are told on the assignment page. Off: only the member and the agency’s reviewers see their files."
        checked={checked}
        disabled={save.isPending}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          setChoice({ value: on, over: enabled });
          save.mutate(on, {
            onSuccess: () => toast({ title: on ? 'Managers can now see submissions' : 'Submissions are private to staff again', variant: 'success' }),
            onError: (error) => {
              setChoice(null);
              toast({ title: 'The setting was not saved', description: errorText(error, 'Please try again.'), variant: 'destructive' });
            },
          });
        }}
      />
    </Panel>
  );
}
