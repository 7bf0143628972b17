import { applyLayoutQuery, layoutInput, layoutListQuery } from "../layouts";
import { documentResponse, packageResponse } from "../packages";
import { errorResponse, listOf, ok, type Operation } from "./operation";

const tag = "Layouts";
const transaction = "transaction.transaction";

/** Document layouts: one document's signatures and fields, kept to lay onto other documents. */
export const layoutOperations: Operation[] = [
  {
    method: "post",
    path: "/api/layouts",
    tag,
    summary: "A layout of one document of a package",
    description:
      "The body is the original's Template as its SDKs send it: `id` is the package, `documents[0]` the document (by id, else by name), `name` and `description` the layout's own. The layout keeps that document with its approvals and fields and the package's roles, shared with the account; it is answered as a package of type LAYOUT (no consent document), and listed only here.",
    permission: transaction,
    body: { schema: layoutInput },
    responses: { 200: ok(packageResponse), 404: ok(errorResponse, "No such package or document") },
  },
  {
    method: "get",
    path: "/api/layouts",
    tag,
    summary: "The account's layouts, by name, each whole",
    permission: transaction,
    query: layoutListQuery,
    responses: { 200: ok(listOf(packageResponse)) },
  },
  {
    method: "post",
    path: "/api/packages/{packageId}/documents/{documentId}/layout",
    tag,
    summary: "Lay a layout's signatures and fields onto a document of a draft",
    description:
      "`layoutId` or `layoutName` (the newest of that name). The layout's approvals replace the document's. Each layout role goes to the package's role of the same id, the sender's to the package's sender, any other to the signer in the same place of the signing order.",
    permission: transaction,
    query: applyLayoutQuery,
    responses: {
      200: ok(documentResponse),
      404: ok(errorResponse, "No such package, document or layout"),
      409: ok(errorResponse, "The package is not a draft"),
      422: ok(errorResponse, "A layout role without a counterpart in the package (error.validation.layoutRole)"),
    },
  },
];
