import { readerDay } from '@atrium/common/rules/dates';
import { useExportStudents } from '../../../api/adminStudents.ts';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { saveFile } from '../../../components/saveFile.ts';
import { useToast } from '../../../components/toast/Toaster.tsx';

/** The name the server gives the file, or the same pattern for today (SPEC §7). */
export const exportFilename = (now = new Date()) => `students-export-${readerDay(now)}.xlsx`;

/** Export to Excel: every account with its enrollment and completion counts. */
export function ExportButton() {
  const exporter = useExportStudents();
  const { toast } = useToast();
  const run = () =>
    exporter.mutate(undefined, {
      onSuccess: ({ blob, filename }) => {
        const name = filename ?? exportFilename();
        saveFile(blob, name);
        toast({ title: 'Export successful', description: `Saved as ${name}.`, variant: 'success' });
      },
      onError: () => toast({ title: 'Export failed', description: 'Failed to export student data.', variant: 'destructive' }),
    });
  return (
    <Button variant="secondary" onClick={run} disabled={exporter.isPending}>
      <Icon name="download" size={18} /> {exporter.isPending ? 'Exporting…' : 'Export to Excel'}
    </Button>
  );
}
