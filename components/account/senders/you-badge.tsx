import { Badge } from "@/components/ui/badge";

/** Marks the signed-in user's own row. */
export function YouBadge() {
  return (
    <span className="ml-2 align-middle" data-testid="you">
      <Badge>You</Badge>
    </span>
  );
}
