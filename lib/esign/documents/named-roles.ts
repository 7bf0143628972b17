/** A role of the package, as a document's text tags and form fields name it. */
export interface NamedRole {
  id: string;
  name: string;
}

/**
 * By id first, then by name in any case. A name the package has no role for names a new role,
 * whose id is the name as first written, as the original service does: it is added to `roles`,
 * and the caller creates the roles of approvals it does not know.
 */
export function roleNamed(roles: NamedRole[], name: string): NamedRole {
  const wanted = name.toLowerCase();
  const known = roles.find((candidate) => candidate.id === name) ?? roles.find((candidate) => candidate.name.toLowerCase() === wanted);
  if (known) return known;
  const created = { id: name, name };
  roles.push(created);
  return created;
}
