import { useState } from 'react';
import styled from 'styled-components';

interface Person {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** Initials for the avatar fallback: first and last name, else the e-mail, else "U" (SPEC §2). */
export function initialsOf(person: Person | null | undefined): string {
  const first = person?.firstName?.trim() ?? '';
  const last = person?.lastName?.trim() ?? '';
  const fromName = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  if (fromName) return fromName;
  const email = person?.email?.trim() ?? '';
  return email ? email.charAt(0).toUpperCase() : 'U';
}

export function displayName(person: Person | null | undefined): string {
  const name = [person?.firstName?.trim(), person?.lastName?.trim()].filter(Boolean).join(' ');
  return name || person?.email || 'User';
}

/** The user's photo, or their initials on a coloured disc when there is none or it fails. */
export function Avatar({
  person,
  src,
  size = 40,
  decorative = false,
}: {
  person: Person | null | undefined;
  src?: string | null;
  size?: number;
  /** Next to the person's name already: hidden from assistive technology. */
  decorative?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <Disc $size={size} aria-hidden={showImage && !decorative ? undefined : true}>
      {showImage ? (
        <Image src={src!} alt={decorative ? '' : `Profile photo of ${displayName(person)}`} onError={() => setFailed(src ?? null)} />
      ) : (
        <Initials $size={size}>{initialsOf(person)}</Initials>
      )}
    </Disc>
  );
}

const Disc = styled.span<{ $size: number }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  overflow: hidden;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onAccent};
`;

const Image = styled.img`
  width: 100%;
  height: 100%;
  object-fit: cover;
`;

const Initials = styled.span<{ $size: number }>`
  font-weight: 600;
  font-size: ${({ $size }) => Math.max(12, Math.round($size * 0.38))}px;
  letter-spacing: 0.02em;
  user-select: none;
`;
