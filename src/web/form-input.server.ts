import { NUL_MESSAGE, badEntryIn } from "../domain/input-text.ts";
import { ServiceError } from "../services/errors.ts";
import { fromService } from "./service-errors.server.ts";

/**
 * A page action's form with the one input rule applied (`domain/input-text.ts`), for the actions that do not go
 * through `formAction` (which answers the same refusal as the form's own error): a field holding a NUL character
 * is refused (400, the field named) before any service sees it. The refusal is a service error, so an action that
 * shows service errors on its form shows this one there too.
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = await request.formData();
  const bad = badEntryIn(form.entries());
  if (bad) throw new ServiceError(400, NUL_MESSAGE, { [bad.path]: NUL_MESSAGE }, { field: bad.path });
  return form;
}

/** `readForm` for an action with no form messages of its own: the refusal is a 400 page. */
export const readPageForm = (request: Request) => fromService(() => readForm(request));
