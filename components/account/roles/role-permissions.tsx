import type { WireAccountRole } from "@/lib/api/account-roles";

/**
 * The role's permissions, folded: "3 permissions", opened to list them with their descriptions
 * (`descriptions` from the catalogue; the bare names while it loads).
 */
export function RolePermissions({ role, descriptions }: { role: WireAccountRole; descriptions: ReadonlyMap<string, string> }) {
  const count = role.permissions.length;
  if (count === 0) return <span className="text-slate-600">No permissions</span>;
  return (
    <details className="group" data-testid="role-permissions">
      <summary className="cursor-pointer rounded-sm font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
        {count === 1 ? "1 permission" : `${count} permissions`}
        <span className="sr-only"> of {role.name}</span>
      </summary>
      <ul className="mt-2 space-y-1 text-xs text-slate-700">
        {role.permissions.map((permission) => (
          <li key={permission}>
            {descriptions.get(permission) ?? permission} <code className="text-slate-600">{permission}</code>
          </li>
        ))}
      </ul>
    </details>
  );
}
