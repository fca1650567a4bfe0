import { useQuery } from '@tanstack/react-query';
import type { CertificateListItemDto, CertificatePublicDto } from '@atrium/common';

export const useCertificates = () => useQuery<CertificateListItemDto[]>({ queryKey: ['/api/certificates'] });

export const useCertificate = (certificateNumber: string) =>
  useQuery<CertificatePublicDto>({ queryKey: [`/api/certificates/${encodeURIComponent(certificateNumber)}`] });
