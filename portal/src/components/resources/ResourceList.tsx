import type { ResourceDto, ResourceListDto } from '@atrium/common';
import { formatFileSize } from '@atrium/common/rules/resourceTypes';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useCourseResources, useModuleResources } from '../../api/resources.ts';
import { mapRead, QueryState, readState, type ReadState } from '../QueryState.tsx';
import { Icon } from '../Icon.tsx';

/**
 * The "Resources" list of a course page (the course's own files) or a module page. Nothing is
 * shown while it loads or when there are none, so a course without resources looks as before.
 */
export function CourseResources({ courseId }: { courseId: number }) {
  const read = readState(useCourseResources(courseId));
  return <ResourcesRead read={mapRead(read, (list) => ({ ...list, resources: list.resources.filter((resource) => resource.moduleId === null) }))} />;
}

export function ModuleResources({ moduleId }: { moduleId: number }) {
  return <ResourcesRead read={readState(useModuleResources(moduleId))} />;
}

/** Nothing while the list loads; the server's sentence with Try again under the section's heading when it could not be read. */
function ResourcesRead({ read }: { read: ReadState<ResourceListDto> }) {
  if (read.state === 'loading') return null;
  if (read.state === 'ready') return <ResourceListView list={read.data} />;
  return (
    <Section aria-labelledby="resources-title">
      <h2 id="resources-title">Resources</h2>
      <QueryState read={read} size="panel" loading="Loading the resources" failed="The resources could not be loaded.">
        {() => null}
      </QueryState>
    </Section>
  );
}

const ACCESS_NOTE: Record<Exclude<ResourceListDto['access'], 'granted'>, string> = {
  enroll: 'Enroll in this course to download these resources. Staff whose school holds a licence for it are enrolled by their school.',
  sign_in: 'Sign in and enroll in this course to download these resources.',
};

/** The list itself: title, type and size of each file; a download link when the caller may have it. */
export function ResourceListView({ list }: { list: ResourceListDto }) {
  if (list.resources.length === 0) return null;
  return (
    <Section aria-labelledby="resources-title">
      <h2 id="resources-title">Resources</h2>
      {list.access !== 'granted' ? (
        <Note>
          <Icon name="lock" size={18} />
          <span>
            {ACCESS_NOTE[list.access]}
            {list.access === 'sign_in' ? (
              <>
                {' '}
                <Link to="/auth">Sign in</Link>
              </>
            ) : null}
          </span>
        </Note>
      ) : null}
      <Items>
        {list.resources.map((resource) => (
          <Item key={resource.id}>
            <Icon name={resource.contentType.startsWith('image/') ? 'photo' : 'book'} size={22} />
            <div>
              {list.can.download ? (
                <a href={resource.downloadUrl} download={resource.fileName}>
                  <strong>{resource.title}</strong>
                  <span className="visually-hidden"> (download {facts(resource)})</span>
                </a>
              ) : (
                <strong>{resource.title}</strong>
              )}
              {resource.description ? <p>{resource.description}</p> : null}
              <Facts aria-hidden={list.can.download ? true : undefined}>{facts(resource)}</Facts>
            </div>
            {list.can.download ? <Icon name="download" size={20} /> : null}
          </Item>
        ))}
      </Items>
    </Section>
  );
}

const facts = (resource: ResourceDto) => `${resource.typeLabel}, ${formatFileSize(resource.size)}`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.xl} 0;

  h2 {
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
`;

const Note = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};

  svg {
    flex: none;
    margin-top: 3px;
  }
`;

const Items = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};

  & > li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Item = styled.li`
  position: relative;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: start;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};

  & > svg {
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.accent};
  }

  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    overflow-wrap: anywhere;

    /* The whole row is the link's target area. */
    &::after {
      content: '';
      position: absolute;
      inset: 0;
    }
    &:hover strong,
    &:focus-visible strong {
      text-decoration: underline;
    }
  }
  strong {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  p {
    margin: ${({ theme }) => theme.space.xxs} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: pre-line;
  }
`;

const Facts = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
