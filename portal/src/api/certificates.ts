import { useQuery } from '@tanstack/react-query';
import type { CertificateListItemDto, CertificatePublicDto } from '@atrium/common';

export const useCertificates = (enabled = true) => useQuery<CertificateListItemDto[]>({ queryKey: ['/api/certificates'], enabled });

export const useCertificate = (certificateNumber: string) =>
  useQuery<CertificatePublicDto>({ queryKey: [`/api/certificates/${encodeURIComponent(certificateNumber)}`] });

/**
 * Where "View Certificate" goes for a finished course: its own certificate page once the list
 * has it, else the certificates page (still loading, or not shown yet, e.g. waiting for a name).
 * The list is fetched only when `finished` says a course is complete.
 */
export function useCertificateLinks(finished: boolean): (courseId: number) => string {
  const certificates = useCertificates(finished).data;
  return (courseId) => {
    const number = certificates?.find((certificate) => certificate.courseId === courseId)?.certificateNumber;
    return number ? `/certificate/${encodeURIComponent(number)}` : '/certificates';
  };
}
