import { NUL_MESSAGE, badEntryIn } from "../domain/input-text.ts";
import { badPageInput } from "./page-context.ts";

/**
 * A page action's form with the one input rule applied (`domain/input-text.ts`), for the actions that do not go
 * through `formAction` (which answers the same refusal as the form's own error): a field holding a NUL character
 * answers 400 with its message, before any service sees it.
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = await request.formData();
  const bad = badEntryIn(form.entries());
  if (bad) badPageInput(NUL_MESSAGE, { field: bad.path });
  return form;
}
