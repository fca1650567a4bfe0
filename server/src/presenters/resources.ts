import { isResourceContentType, resourceFileName, RESOURCE_TYPES, withoutUnsafeCharacters, type ResourceDto, type ResourceListDto } from '@atrium/common';
import type { ResourceAccess } from '../policies/resources.ts';
import type { ResourceRow } from '../queries/resources.ts';

/**
 * The name a resource is shown and downloaded as, the upload rule applied again on the way out:
 * rows stored before it dropped bidirectional controls leave as safely as new ones.
 */
export function resourceDownloadName(row: Pick<ResourceRow, 'fileName' | 'contentType' | 'title'>): string {
  return isResourceContentType(row.contentType) ? resourceFileName(row.fileName, row.contentType, row.title) : withoutUnsafeCharacters(row.fileName) || 'file';
}

export function presentResource(row: ResourceRow): ResourceDto {
  return {
    id: row.id,
    courseId: row.courseId,
    moduleId: row.moduleId,
    title: row.title,
    description: row.description,
    fileName: resourceDownloadName(row),
    contentType: row.contentType,
    typeLabel: isResourceContentType(row.contentType) ? RESOURCE_TYPES[row.contentType].label : 'File',
    size: row.size,
    position: row.position,
    downloadUrl: `/api/resources/${row.id}/download`,
  };
}

export function presentResourceList(rows: ResourceRow[], access: ResourceAccess): ResourceListDto {
  return { resources: rows.map(presentResource), can: { download: access === 'granted' }, access };
}
