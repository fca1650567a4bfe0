import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { learner, mockApi, ok, publicConfig, fail } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { AvatarCard } from './AvatarCard.tsx';
import { AVATAR_MAX_BYTES, checkAvatarFile } from './avatarFile.ts';

function file(type: string, size: number, name = 'photo') {
  const picked = new File(['x'], name, { type });
  Object.defineProperty(picked, 'size', { value: size });
  return picked;
}

const base = (extra = {}) => mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), ...extra });

function choose(picked: File) {
  fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [picked] } });
}

describe('checkAvatarFile', () => {
  it('accepts images up to 5 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
  });
  it('rejects other types and bigger files', () => {
    expect(checkAvatarFile({ type: 'application/pdf', size: 10 })?.title).toBe('Invalid File Type');
    expect(checkAvatarFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })?.title).toBe('File Too Large');
  });
});

describe('AvatarCard', () => {
  it('shows the initials when there is no photo', async () => {
    base();
    renderScene(<AvatarCard user={learner} />);
    expect(await screen.findByText('PS')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove photo/ })).not.toBeInTheDocument();
  });

  it('refuses a file over 5 MB before uploading', async () => {
    const api = base();
    renderScene(<AvatarCard user={learner} />);
    await screen.findByText('PS');
    choose(file('image/png', AVATAR_MAX_BYTES + 1));
    expect(await screen.findByText('File Too Large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 5MB')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/upload-avatar')).toHaveLength(0);
  });

  it('refuses a file that is not an image', async () => {
    const api = base();
    renderScene(<AvatarCard user={learner} />);
    await screen.findByText('PS');
    choose(file('application/pdf', 1000, 'cv.pdf'));
    expect(await screen.findByText('Invalid File Type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/upload-avatar')).toHaveLength(0);
  });

  it('uploads an image as multipart field profileImage', async () => {
    const api = base({ 'POST /api/user/upload-avatar': ok({ ...learner, profileImageUrl: '/api/avatars/7?v=1' }) });
    renderScene(<AvatarCard user={learner} />);
    await screen.findByText('PS');
    choose(file('image/png', 2000));
    expect(await screen.findByText('Image Uploaded')).toBeInTheDocument();
    const body = api.callsTo('POST', '/api/user/upload-avatar')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('profileImage')).toBeInstanceOf(File);
  });

  it('shows the server’s sentence, never the raw "415: …" status text, when the upload fails', async () => {
    base({ 'POST /api/user/upload-avatar': fail(415, 'Please select an image file') });
    renderScene(<AvatarCard user={learner} />);
    await screen.findByText('PS');
    choose(file('image/png', 2000));
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload image: Please select an image file')).toBeInTheDocument();
    expect(screen.queryByText(/415/)).not.toBeInTheDocument();
  });

  it('removes the photo', async () => {
    const withPhoto = { ...learner, profileImageUrl: '/api/avatars/7?v=1' };
    const api = base({ 'PATCH /api/user/profile': ok(learner) });
    renderScene(<AvatarCard user={withPhoto} />);
    fireEvent.click(await screen.findByRole('button', { name: /Remove photo/ }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/user/profile')[0]?.body).toEqual({ profileImageUrl: null });
  });
});
