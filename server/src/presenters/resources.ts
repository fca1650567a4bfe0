import { isResourceContentType, RESOURCE_TYPES, type ResourceDto, type ResourceListDto } from '@atrium/common';
import type { ResourceAccess } from '../policies/resources.ts';
import type { ResourceRow } from '../queries/resources.ts';

export function presentResource(row: ResourceRow): ResourceDto {
  return {
    id: row.id,
    courseId: row.courseId,
    moduleId: row.moduleId,
    title: row.title,
    description: row.description,
    fileName: row.fileName,
    contentType: row.contentType,
    typeLabel: isResourceContentType(row.contentType) ? RESOURCE_TYPES[row.contentType].label : 'File',
    size: row.size,
    position: row.position,
    downloadUrl: `/api/resources/${row.id}/download`,
  };
}

export function presentResourceList(rows: ResourceRow[], access: ResourceAccess): ResourceListDto {
  return { resources: rows.map(presentResource), canDownload: access === 'granted', access };
}
