import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import { DndContext, DragOverlay, type Announcements, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { TASK_PAGE_SIZE, type Task, type TaskStatus } from '#shared/schemas/task';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHiddenStyle } from '../../../ui/visually-hidden';
import { useProjectsStore } from '../../projects/project-store';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import { boardCollisions, useBoardSensors } from '../internal/kanban-dnd';
import { boardColumns, canDropOn, groupCards, moveRefusal, type BoardLayout } from '../internal/kanban-columns';
import { useBoardLayout } from '../internal/kanban-layout';
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
  /** The statuses of the status filter: columns of their own when they name some (see boardColumns). */
  statuses: readonly TaskStatus[];
};

/** The column under the point where a pointer or finger let go of a card (a refused column takes no drop). */
const columnAt = (event: DragEndEvent): TaskStatus | undefined => {
  const start = event.activatorEvent as (PointerEvent & Partial<TouchEvent>) | null;
  const touch = start?.changedTouches?.[0];
  const x = touch?.clientX ?? start?.clientX;
  const y = touch?.clientY ?? start?.clientY;
  if (x === undefined || y === undefined) return undefined;
  // The lifted card (the drag overlay) is under the pointer too: look through it.
  for (const element of document.elementsFromPoint(x + event.delta.x, y + event.delta.y)) {
    const column = element.closest<HTMLElement>('[data-testid="kanban-column"]');
    if (column) return column.dataset.status as TaskStatus;
  }
  return undefined;
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
  const { t, i18n } = useTranslation();
  const [layout, setLayout] = useBoardLayout();
  const columns = useMemo(() => boardColumns(filterStatuses, layout), [filterStatuses, layout]);
  const statuses = useMemo(() => columns.map((column) => column.status), [columns]);
  const [chosen, setChosen] = useState<Partial<Record<TaskStatus, boolean>>>({});
  const onChoose = useCallback((status: TaskStatus, open: boolean) => setChosen((current) => ({ ...current, [status]: open })), []);
  const [refusal, setRefusal] = useState('');
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

  // The refusal alert sits above the board: a drop replaces or clears it; a drag's start leaves it, as taking it away
  // then would move the board under the pointer.
  const onDragStart = ({ active }: DragStartEvent) => {
    setDragging(draggedTask(active.data) ?? null);
  };
  /** Says why a card dropped on a column it may not go to stayed where it was. */
  const refuse = (task: Task, to: TaskStatus) => {
    const why = moveRefusal(task.status, to);
    if (!why) return;
    const names = (list: readonly TaskStatus[]) => new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(list.map(statusLabel));
    const common = { id: String(task.id), from: statusLabel(task.status), to: statusLabel(to) };
    const text =
      why.kind === 'review'
        ? t('pipeline.kanban.refusedReview', { ...common, via: names(why.via) })
        : why.kind === 'approve'
          ? t('pipeline.kanban.refusedApprove', { ...common, approved: statusLabel('approved') })
          : t('pipeline.kanban.refusedStep', { ...common, allowed: names(why.allowed) });
    setRefusal(text);
    setAnnouncement(text);
  };

  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    setDragging(null);
    const task = draggedTask(active.data);
    if (!task) return;
    if (over && isStatus(over.id, statuses)) {
      setRefusal('');
      move(task, over.id);
      return;
    }
    const target = columnAt(event);
    if (target && target !== task.status) refuse(task, target);
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
            <SegmentedControl
              label={t('pipeline.kanban.layout')}
              selectedId={`board-${layout}`}
              options={[
                { id: 'board-pipeline', text: t('pipeline.kanban.pipeline') },
                { id: 'board-all', text: t('pipeline.kanban.all') },
              ]}
              onChange={({ detail }) => setLayout(detail.selectedId.replace(/^board-/, '') as BoardLayout)}
            />
          }
        >
          {t('tasks.kanban.label')}
        </Header>
      }
    >
      {refusal && (
        <div style={{ padding: '12px 12px 0' }}>
          <Alert type="warning" header={t('pipeline.kanban.refusedTitle')} dismissible onDismiss={() => setRefusal('')} data-testid="kanban-refusal">
            {refusal}
          </Alert>
        </div>
      )}
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
          style={{ display: 'flex', gap: 8, overflowX: 'auto', padding: 12, alignItems: 'stretch' }}
        >
          {columns.map(({ status, optional }) => (
            <KanbanColumn
              key={status}
              optional={optional}
              chosen={chosen[status]}
              onChoose={onChoose}
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
