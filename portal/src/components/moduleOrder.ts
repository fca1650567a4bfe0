import type { ModuleDto } from '@atrium/common';

/** Modules in course order (orderIndex, then id for ties). */
export const sortModules = (modules: ModuleDto[]) => [...modules].sort((a, b) => a.orderIndex - b.orderIndex || a.id - b.id);

/** Where Start/Continue goes: the first incomplete module, else the first one. */
export function firstIncompleteModule(modules: ModuleDto[]): ModuleDto | undefined {
  const sorted = sortModules(modules);
  return sorted.find((module) => !module.isCompleted) ?? sorted[0];
}
