import { useRef, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { UserDto } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { errorText } from '../../api/client.ts';
import { useUpdateProfile, useUploadAvatar } from '../../api/profile.ts';
import { Avatar, displayName } from '../../components/Avatar.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Card } from '../../components/Layout.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { checkAvatarFile } from './avatarFile.ts';

/** Photo, name and the upload / remove actions. */
export function AvatarCard({ user }: { user: UserDto }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const update = useUpdateProfile();
  const { toast } = useToast();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Image Uploaded', description: 'Your profile photo has been updated.', variant: 'success' }),
      onError: (error) => {
        // The server's sentence in plain words (issue 34), never "415: {…}" (SPEC §8's raw form).
        toast({ title: 'Upload Failed', description: `Failed to upload image: ${errorText(error, 'please try again')}`, variant: 'destructive' });
      },
    });
  };

  const removePhoto = () =>
    update.mutate(
      { profileImageUrl: null },
      {
        onSuccess: () => toast({ title: 'Profile Updated', description: 'Your photo has been removed.', variant: 'success' }),
        onError: () => toast({ title: 'Update Failed', description: 'Failed to update profile', variant: 'destructive' }),
      },
    );

  return (
    <Wrap aria-labelledby="profile-name">
      <Avatar person={user} src={user.profileImageUrl} size={112} />
      <Details>
        <NameRow>
          <h2 id="profile-name">{displayName(user)}</h2>
          {user.role === 'admin' ? <Badge>Admin</Badge> : null}
        </NameRow>
        <Muted>{user.email}</Muted>
        <Muted>Member since {formatInstantDate(user.createdAt)}</Muted>
        <Actions>
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
            <Icon name="upload" size={16} />
            {upload.isPending ? 'Uploading…' : user.profileImageUrl ? 'Change photo' : 'Upload photo'}
          </Button>
          {user.profileImageUrl ? (
            <Button variant="ghost" size="sm" onClick={removePhoto} disabled={update.isPending}>
              <Icon name="trash" size={16} /> Remove photo
            </Button>
          ) : null}
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={choose}
            hidden
            aria-label="Choose a profile photo"
            data-testid="avatar-input"
          />
        </Actions>
        <Hint>PNG, JPEG, WebP or GIF, up to 5 MB.</Hint>
      </Details>
    </Wrap>
  );
}

const Wrap = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;

  ${media.tablet} {
    flex-direction: row;
    text-align: left;
  }
`;

const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const NameRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.xl};
    overflow-wrap: anywhere;
  }
  ${media.tablet} {
    justify-content: flex-start;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.sm};

  ${media.tablet} {
    justify-content: flex-start;
  }
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;
