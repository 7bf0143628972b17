import { closestCenter, pointerWithin, type CollisionDetection, type KeyboardCoordinateGetter } from "@dnd-kit/core";

/**
 * Moving a signer between signing steps by keyboard: each arrow press goes to the next drop target
 * above or below (a step, or the gap between two steps where a new step would go), and centres
 * the dragged signer on it. Targets are the droppables, taken in their order on the page.
 */
export const stepKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context: { active, collisionRect, droppableRects, droppableContainers, over } }) => {
  const direction = event.code === "ArrowDown" || event.code === "ArrowRight" ? 1 : event.code === "ArrowUp" || event.code === "ArrowLeft" ? -1 : 0;
  if (direction === 0) return undefined;
  event.preventDefault();
  if (!active || !collisionRect) return undefined;
  const targets = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect ? [{ id: container.id, rect }] : [];
    })
    .sort((a, b) => a.rect.top - b.rect.top);
  const home = active.data.current?.stepId as string | undefined;
  const current = targets.findIndex((target) => target.id === (over?.id ?? home));
  const next = targets[Math.min(Math.max(current + direction, 0), targets.length - 1)];
  if (!next) return undefined;
  return {
    x: next.rect.left + (next.rect.width - collisionRect.width) / 2,
    y: next.rect.top + (next.rect.height - collisionRect.height) / 2,
  };
};

/**
 * With a pointer: the target under the pointer. With the keyboard (no pointer): the target whose
 * box holds the dragged signer's centre, else the nearest.
 */
export const stepCollisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const { collisionRect } = args;
  const centre = { x: collisionRect.left + collisionRect.width / 2, y: collisionRect.top + collisionRect.height / 2 };
  const holding = args.droppableContainers.filter((container) => {
    const rect = args.droppableRects.get(container.id);
    return rect && centre.x >= rect.left && centre.x <= rect.left + rect.width && centre.y >= rect.top && centre.y <= rect.top + rect.height;
  });
  return closestCenter({ ...args, droppableContainers: holding.length ? holding : args.droppableContainers });
};
