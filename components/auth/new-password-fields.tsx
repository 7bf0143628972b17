import { TextField } from "@/components/ui/form-field";

/** A new password and its confirmation, with the rule sign-up applies; `name` is the new password's field. */
export function NewPasswordFields({ name, errors }: { name: string; errors?: Record<string, string | undefined> }) {
  return (
    <>
      <TextField
        label="New password"
        name={name}
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters, with a letter and a digit."
        error={errors?.[name]}
      />
      <TextField label="Confirm new password" name="confirmation" type="password" autoComplete="new-password" required error={errors?.confirmation} />
    </>
  );
}
