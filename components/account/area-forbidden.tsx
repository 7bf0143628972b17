import Link from "next/link";
import { ForbiddenState } from "@/components/ui/states";

/** An account page the user's roles do not reach (the service answered 403): what is missing, who can change it, where to go. */
export function AreaForbidden({ area, reason }: { area: string; reason: string }) {
  return (
    <ForbiddenState title={`You don't have access to ${area}`}>
      <p>{reason} Ask the account owner if you need it.</p>
      <p className="mt-3">
        <Link href="/packages" className="font-medium underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
          Go to your packages
        </Link>
      </p>
    </ForbiddenState>
  );
}
