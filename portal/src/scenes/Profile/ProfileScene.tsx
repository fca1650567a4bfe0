import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useUpdateProfile } from '../../api/profile.ts';
import { useSendVerification } from '../../api/schools.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSignedInUser } from '../../session/AuthProvider.tsx';
import { AccountSettings } from './AccountSettings.tsx';
import { AvatarCard } from './AvatarCard.tsx';
import { LinkedSignIns } from './LinkedSignIns.tsx';
import { ProfileView } from './ProfileView.tsx';

/** /profile for the signed-in person. */
export function ProfileScene() {
  usePageTitle('Profile');
  const user = useSignedInUser();
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const send = useSendVerification();
  const { toast } = useToast();
  return (
    <ProfileView
      user={user}
      editing={editing}
      onEdit={() => setEditing(true)}
      onCancelEdit={() => setEditing(false)}
      onSave={(input) =>
        update.mutate(input, {
          onSuccess: () => {
            toast({ title: 'Profile Updated', description: 'Your changes have been saved.', variant: 'success' });
            setEditing(false);
          },
          onError: () => toast({ title: 'Update Failed', description: 'Failed to update profile', variant: 'destructive' }),
        })
      }
      saving={update.isPending}
      onSendVerification={() =>
        send.mutate(undefined, {
          onSuccess: (answer) => toast({ title: 'Verification e-mail sent', description: answer.message, variant: 'success' }),
          onError: (error) =>
            toast({ title: 'Could not send the e-mail', description: errorText(error, 'Please try again in a moment.'), variant: 'destructive' }),
        })
      }
      sendingVerification={send.isPending}
      avatar={<AvatarCard user={user} />}
      linkedSignIns={<LinkedSignIns />}
      accountSettings={<AccountSettings />}
    />
  );
}
