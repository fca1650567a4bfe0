import { useState } from 'react';
import { errorText } from '../../../api/client.ts';
import { useToast } from '../../../components/toast/Toaster.tsx';

/** The delete mutation of a course part's admin hooks (useQuizAdmin().remove and the like). */
interface RemoveMutation {
  mutate(id: number, options: { onSuccess(): void; onError(error: Error): void }): void;
  isPending: boolean;
}

/**
 * Removing one of a course's parts (a quiz, an assignment, a resource) once the admin confirms:
 * which one waits for the answer, and a toast saying how it went. Spread `dialog` on the
 * ConfirmDialog; `pending` names the part in its description.
 */
export function useConfirmRemoval<Item extends { id: number; title: string }>(remove: RemoveMutation, toasts: { done: string; failed: string }) {
  const [pending, setPending] = useState<Item | null>(null);
  const { toast } = useToast();

  const onConfirm = () => {
    if (!pending) return;
    const { id, title } = pending;
    remove.mutate(id, {
      onSuccess: () => {
        setPending(null);
        toast({ title: toasts.done, description: title, variant: 'success' });
      },
      onError: (error) => {
        setPending(null);
        toast({ title: toasts.failed, description: errorText(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  };

  return {
    pending,
    ask: (item: Item) => setPending(item),
    dialog: {
      open: pending !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setPending(null);
      },
      busy: remove.isPending,
      onConfirm,
    },
  };
}
