import {
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type PointerSensorOptions,
} from '@dnd-kit/core';
import type { PointerEvent as ReactPointerEvent } from 'react';

/**
 * A mouse or a pen drags after moving a few pixels (a click on the card's link still opens the task). A finger is
 * left to TouchSensor: were the pointer sensor to take it too, a swipe meant to scroll a column would move a card.
 */
class NonTouchPointerSensor extends PointerSensor {
  static activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (event: ReactPointerEvent, options: PointerSensorOptions) =>
        event.nativeEvent.pointerType !== 'touch' && PointerSensor.activators[0].handler(event, options),
    },
  ];
}

/** Pixels a mouse or pen moves before a drag starts. */
const POINTER_DISTANCE = 6;
/** A finger holds a card this long (ms), moving at most TOUCH_TOLERANCE px, before it lifts: a swipe still scrolls. */
const TOUCH_DELAY = 250;
const TOUCH_TOLERANCE = 8;

/**
 * The keyboard way of dragging: once a card is picked up (Space or Enter on its drag handle), Left and Right jump to
 * the next column that takes it (forbidden columns are disabled drop targets, so they are skipped); Space or Enter
 * drops, Escape puts it back.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context: { collisionRect, droppableRects, droppableContainers } }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0 || !collisionRect) return undefined;
  event.preventDefault();
  const center = collisionRect.left + collisionRect.width / 2;
  const columns = droppableContainers
    .getEnabled()
    .map((container) => droppableRects.get(container.id))
    .filter((rect) => rect !== undefined)
    .map((rect) => ({ rect, center: rect.left + rect.width / 2 }))
    .sort((a, b) => a.center - b.center);
  const next = step > 0 ? columns.find((column) => column.center > center + 1) : columns.reverse().find((column) => column.center < center - 1);
  if (!next) return undefined;
  return { x: next.center - collisionRect.width / 2, y: collisionRect.top };
};

/** The column under the pointer; for the keyboard (no pointer), the column the card overlaps most. */
export const boardCollisions: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

/** The board's sensors: mouse and pen, touch (after a press) and the keyboard. */
export const useBoardSensors = () =>
  useSensors(
    useSensor(NonTouchPointerSensor, { activationConstraint: { distance: POINTER_DISTANCE } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DELAY, tolerance: TOUCH_TOLERANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
