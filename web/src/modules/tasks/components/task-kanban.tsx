import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Toggle from '@cloudscape-design/components/toggle';
import { DndContext, DragOverlay, type Announcements, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { TASK_PAGE_SIZE, type Task, type TaskStatus } from '#shared/schemas/task';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHiddenStyle } from '../../../ui/visually-hidden';
import { useProjectsStore } from '../../projects/project-store';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import { boardCollisions, useBoardSensors } from '../internal/kanban-dnd';
import { boardStatuses, canDropOn, groupCards } from '../internal/kanban-columns';
import { assigneeLabel, statusLabel } from '../task-labels';
import type { ListTasksInput } from '../task-query';
import { useTaskStore } from '../task-store';
import { useChangingTasks, useTaskChange } from '../use-task-change';
import { KanbanCard, type CardDragData } from './kanban-card';
import { KanbanColumn } from './kanban-column';
import { brandName } from './task-table-config';

export type TaskKanbanProps = {
  workspaceId: string;
  /** The filters as the list route's query; each column adds its own status. */
  query: ListTasksInput;
  /** The statuses of the status filter: the columns shown unless "every status" is on. */
  statuses: readonly TaskStatus[];
};

const draggedTask = (data: { current?: unknown } | undefined) => (data?.current as CardDragData | undefined)?.task;
const isStatus = (id: unknown, statuses: readonly TaskStatus[]): id is TaskStatus => statuses.includes(id as TaskStatus);

/**
 * The kanban view: a column per status, each loading its own pages. A card dragged to another column (with a mouse,
 * a finger after a press, or the keyboard from its move handle) or sent by "Move to…" in its menu changes status at
 * once and asks the server; a refusal puts it back and the API client shows the catalogue's reason. While dragging,
 * the columns the transition table forbids look disabled and take no drop.
 */
export const TaskKanban = ({ workspaceId, query, statuses: filterStatuses }: TaskKanbanProps) => {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const statuses = useMemo(() => boardStatuses(filterStatuses, showAll), [filterStatuses, showAll]);
  const entities = useTaskStore((state) => state.entities);
  const projects = useProjectsStore((state) => state.projects);
  const team = useWorkspaceStore((state) => state.team);
  const [loaded, setLoaded] = useState<Partial<Record<TaskStatus, string[]>>>({});
  const [dragging, setDragging] = useState<Task | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const sensors = useBoardSensors();
  const change = useTaskChange();
  const moving = useChangingTasks();

  const onLoaded = useCallback(
    (status: TaskStatus, uids: string[]) => setLoaded((current) => (current[status] === uids ? current : { ...current, [status]: uids })),
    [],
  );
  const groups = useMemo(() => groupCards(statuses.map((status) => loaded[status] ?? []), entities, statuses), [statuses, loaded, entities]);
  const queries = useMemo(
    () => new Map(statuses.map((status) => [status, { ...query, status, limit: String(TASK_PAGE_SIZE) } satisfies ListTasksInput])),
    [statuses, query],
  );

  const { mutate } = change;
  const move = useCallback(
    (task: Task, to: TaskStatus) => {
      if (task.status === to || !canDropOn(task.status, to)) return;
      mutate(
        { uid: task.uid, patch: { status: to } },
        { onSuccess: () => setAnnouncement(t('tasks.moved', { id: String(task.id), status: statusLabel(to) })) },
      );
    },
    [mutate, t],
  );

  const onDragStart = ({ active }: DragStartEvent) => setDragging(draggedTask(active.data) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const task = draggedTask(active.data);
    if (task && over && isStatus(over.id, statuses)) move(task, over.id);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const task = draggedTask(active.data);
      return task && t('tasks.kanban.dnd.pickedUp', { id: String(task.id), status: statusLabel(task.status) });
    },
    onDragOver: ({ active, over }) => {
      const task = draggedTask(active.data);
      if (!task) return undefined;
      return over && isStatus(over.id, statuses)
        ? t('tasks.kanban.dnd.over', { id: String(task.id), status: statusLabel(over.id) })
        : t('tasks.kanban.dnd.overNone', { id: String(task.id) });
    },
    onDragEnd: ({ active, over }) => {
      const task = draggedTask(active.data);
      if (!task) return undefined;
      return over && isStatus(over.id, statuses) && over.id !== task.status
        ? t('tasks.kanban.dnd.dropped', { id: String(task.id), status: statusLabel(over.id) })
        : t('tasks.kanban.dnd.putBack', { id: String(task.id), status: statusLabel(task.status) });
    },
    onDragCancel: ({ active }) => {
      const task = draggedTask(active.data);
      return task && t('tasks.kanban.dnd.putBack', { id: String(task.id), status: statusLabel(task.status) });
    },
  };

  const brandOf = useCallback((task: Task) => brandName(task, projects), [projects]);
  const assigneeOf = useCallback((task: Task) => assigneeLabel(task.assignee, team), [team]);

  return (
    <Container
      disableContentPaddings
      header={
        <Header
          variant="h2"
          description={t('tasks.kanban.dragHint')}
          actions={
            <Toggle checked={showAll} onChange={({ detail }) => setShowAll(detail.checked)} description={t('tasks.kanban.showAllHint')}>
              {t('tasks.kanban.showAll')}
            </Toggle>
          }
        >
          {t('tasks.kanban.label')}
        </Header>
      }
    >
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollisions}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('tasks.kanban.dnd.instructions') } }}
      >
        <div
          data-testid="kanban"
          role="region"
          aria-label={t('tasks.kanban.label')}
          tabIndex={0}
          style={{ display: 'flex', gap: 12, overflowX: 'auto', padding: 12, alignItems: 'stretch' }}
        >
          {statuses.map((status) => (
            <KanbanColumn
              key={status}
              workspaceId={workspaceId}
              status={status}
              query={queries.get(status) as ListTasksInput}
              cards={groups.get(status) ?? []}
              onLoaded={onLoaded}
              reported={loaded[status]}
              dragging={dragging}
              moving={moving}
              onMove={move}
              brandOf={brandOf}
              assigneeOf={assigneeOf}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {dragging && <KanbanCard task={dragging} brand={brandOf(dragging)} assignee={assigneeOf(dragging)} moving={false} onMove={move} lifted />}
        </DragOverlay>
      </DndContext>
      <div aria-live="polite" style={visuallyHiddenStyle}>
        {announcement}
      </div>
    </Container>
  );
};
