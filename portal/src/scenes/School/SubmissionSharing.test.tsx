import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '@atrium/common/ui/theme';
import { AssignmentStatusChip } from '../../components/AssignmentStatusChip.tsx';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { SubmissionSharing } from './SubmissionSharing.tsx';

const manager = { ...learner, role: 'learner' as const };

describe('SubmissionSharing', () => {
  it('turns managers’ sight of submissions on for the school', async () => {
    const api = mockApi({
      'GET /api/user': ok(manager),
      'GET /api/config': ok(publicConfig),
      'PATCH /api/schools/4/submission-sharing': ok({ managersSeeSubmissions: true }),
    });
    const user = userEvent.setup();
    renderScene(<SubmissionSharing schoolId={4} enabled={false} />);
    const box = await screen.findByRole('checkbox', { name: /Managers of this school may see what staff submit/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(api.callsTo('PATCH', '/api/schools/4/submission-sharing')[0]?.body).toEqual({ managersSeeSubmissions: true }));
    expect(await screen.findByText('Managers can now see submissions')).toBeInTheDocument();
    // Saved, it stays on while the school is read again (the prop here never catches up).
    expect(box).toBeChecked();
  });

  it('says when the setting was not saved and shows it as it was', async () => {
    mockApi({
      'GET /api/user': ok(manager),
      'GET /api/config': ok(publicConfig),
      'PATCH /api/schools/4/submission-sharing': fail(403, 'Only the school’s managers can change this'),
    });
    const user = userEvent.setup();
    renderScene(<SubmissionSharing schoolId={4} enabled />);
    const box = await screen.findByRole('checkbox', { name: /Managers of this school may see/ });
    await user.click(box);
    expect(await screen.findByText('Only the school’s managers can change this')).toBeInTheDocument();
    expect(box).toBeChecked();
  });
});

describe('AssignmentStatusChip', () => {
  const chip = (status: 'awaiting_review' | 'changes_requested' | 'approved' | 'submitted' | null) =>
    render(
      <ThemeProvider theme={theme}>
        <AssignmentStatusChip assignment={{ status, submissionId: null }} />
      </ThemeProvider>,
    );

  it('says in words where the assignment stands, and nothing before anything was sent', () => {
    chip('awaiting_review');
    expect(screen.getByText('Awaiting review')).toBeInTheDocument();
    chip('changes_requested');
    expect(screen.getByText('Changes requested')).toBeInTheDocument();
    const { container } = chip(null);
    expect(container).toBeEmptyDOMElement();
  });
});
