"use server";

import { signOut } from "@/lib/console/auth";
import { designerReturnLink, type DesignerExit } from "@/lib/console/designer-scope";
import { serverSessionToken } from "@/lib/console/session-token";

/**
 * The end of a designer session: the sender sent the package or left. The session ends (its row
 * and cookie go) and the answer is where the frame goes next: the integrator's return URL with
 * `package` and `status`, as the session was given it when it opened (never an address from the
 * browser), or null when the package has none.
 */
export async function leaveDesigner(status: DesignerExit): Promise<{ returnTo: string | null }> {
  const token = await serverSessionToken();
  const packageId = token?.designerPackageId;
  if (!token || !packageId) return { returnTo: null };
  const returnTo = token.designerReturnUrl ? designerReturnLink(token.designerReturnUrl, packageId, status === "PACKAGE_SEND" ? "PACKAGE_SEND" : "DESIGNER_CLOSE") : null;
  await signOut({ redirect: false });
  return { returnTo };
}
