import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { learner, mockApi, ok, publicConfig } from '../test/api.ts';
import { renderScene } from '../test/render.tsx';
import { Button } from './Button.tsx';
import { Dialog, DialogActions, DialogCancel, type DialogKind } from './Dialog.tsx';

function Harness({ kind, onClose }: { kind: DialogKind; onClose(): void }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      kind={kind}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClose();
      }}
      title="Remove the link?"
      description="Nobody can join with it afterwards."
    >
      <DialogActions>
        <DialogCancel>
          <Button variant="secondary">Cancel</Button>
        </DialogCancel>
        <Button variant="danger">Remove</Button>
      </DialogActions>
    </Dialog>
  );
}

function show(kind: DialogKind) {
  mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig) });
  const onClose = vi.fn();
  renderScene(<Harness kind={kind} onClose={onClose} />);
  return onClose;
}

describe('Dialog', () => {
  it('as an alert: named and described by its title and description, focus starts on Cancel, which closes it', async () => {
    const onClose = show('alert');
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the link?' });
    expect(dialog).toHaveAccessibleDescription('Nobody can join with it afterwards.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('as a dialog: named by its title, Escape closes it', async () => {
    const onClose = show('dialog');
    await screen.findByRole('dialog', { name: 'Remove the link?' });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
