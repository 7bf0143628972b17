"use client";

import { createContext, useContext, useState } from "react";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { leaveDesigner } from "@/lib/console/actions/designer-actions";
import type { DesignerExit } from "@/lib/console/designer-scope";

/** A designer session's one package (`/auth?senderAuthenticationToken=` for a draft); null in an ordinary console session. */
const DesignerSession = createContext<{ packageId: string } | null>(null);

export function useDesignerSession(): { packageId: string } | null {
  return useContext(DesignerSession);
}

/**
 * Ends the designer session and takes the frame to the integrator's return URL (with package and
 * status); with no return URL set, answers false and the page says it is done.
 */
export async function endDesignerSession(status: DesignerExit): Promise<boolean> {
  const { returnTo } = await leaveDesigner(status);
  if (returnTo) {
    window.location.assign(returnTo);
    return true;
  }
  return false;
}

/**
 * The embedded designer's frame around the builder: no console navigation (the session opens this
 * one package only), the sender's name, and Leave, which ends the session and returns to the
 * integrator's page.
 */
export function DesignerFrame({ packageId, userName, children }: { packageId: string; userName: string; children: ReactNode }) {
  const t = useTranslations("console.shell.designer");
  const [left, setLeft] = useState(false);
  const [leaving, setLeaving] = useState(false);
  if (left) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-10" data-testid="designer-left">
        <h1 className="text-xl font-semibold text-slate-900">{t("leftTitle")}</h1>
        <p className="mt-2 text-slate-700">{t("leftText")}</p>
      </main>
    );
  }
  return (
    <DesignerSession.Provider value={{ packageId }}>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm">
          <span className="font-semibold text-slate-900">{t("title")}</span>
          <span className="text-slate-600">{userName}</span>
          <Button
            className="ml-auto"
            variant="secondary"
            data-testid="designer-leave"
            busy={leaving}
            onClick={() => {
              setLeaving(true);
              void endDesignerSession("DESIGNER_CLOSE").then((away) => (away ? undefined : setLeft(true)));
            }}
          >
            {t("leave")}
          </Button>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </main>
    </DesignerSession.Provider>
  );
}
