"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { signOutOfConsole } from "@/lib/console/actions/session-actions";
import { permittedAreas } from "@/lib/console/account-areas";
import { usePermissions } from "@/lib/console/queries/session";
import { AccountSwitcher } from "./account-switcher";

/** `area`: the part of the console the link leads into, marked current anywhere inside it. */
const LINKS = [
  { href: "/packages", label: "packages", area: "/packages" },
  { href: "/templates", label: "templates", area: "/templates" },
] as const;

interface AccountRef {
  id: string;
  name: string;
}

/**
 * The console's top bar: where you are, who you are and in which account (which switches to the
 * user's other accounts), the way out; folds into a menu on a phone.
 */
export function ConsoleNav({ userName, account, homeAccount }: { userName: string; account: AccountRef; homeAccount: AccountRef }) {
  const t = useTranslations("console.shell");
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  // The account's administration opens on the first of its areas the user's roles reach.
  const firstAccountArea = permittedAreas(usePermissions())[0];
  const links = [...LINKS.map((link) => ({ ...link, label: t(link.label) })), { href: firstAccountArea.href, label: t("account"), area: "/account" }];
  const inArea = (area: string) => pathname === area || pathname.startsWith(`${area}/`);
  const linkClass = (area: string) =>
    `rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 ${
      inArea(area) ? "bg-sky-50 text-sky-900" : "text-slate-700 hover:bg-slate-100"
    }`;
  const current = (area: string) => (inArea(area) ? "page" : undefined);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-2">
        <Link href="/packages" className="text-lg font-semibold tracking-tight text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
          Signet
        </Link>
        <nav aria-label={t("navigation")} className="hidden gap-1 sm:flex">
          {links.map((link) => (
            <Link key={link.href} href={link.href} className={linkClass(link.area)} aria-current={current(link.area)}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-3 sm:flex">
          <div className="text-right text-xs leading-tight text-slate-600">
            <Link href="/profile" className="block font-medium text-slate-900 hover:underline" title={t("profileLink")} aria-current={current("/profile")}>
              {userName}
            </Link>
            <AccountSwitcher account={account} homeAccount={homeAccount} />
          </div>
          <form action={signOutOfConsole}>
            <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
              {t("signOut")}
            </button>
          </form>
        </div>
        <button
          type="button"
          className="ml-auto rounded-md border border-slate-300 px-3 py-2 text-sm sm:hidden"
          aria-expanded={open}
          aria-controls="console-mobile-nav"
          onClick={() => setOpen((value) => !value)}
        >
          {t("menu")}
        </button>
      </div>
      {open ? (
        <nav id="console-mobile-nav" aria-label={t("navigation")} className="flex flex-col gap-1 border-t border-slate-200 px-4 py-2 sm:hidden">
          {links.map((link) => (
            <Link key={link.href} href={link.href} className={linkClass(link.area)} aria-current={current(link.area)} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          ))}
          <div className="px-3 pt-2 text-xs text-slate-600">
            <Link href="/profile" className="block font-medium text-slate-900 hover:underline" aria-current={current("/profile")} onClick={() => setOpen(false)}>
              {userName}
            </Link>
            <AccountSwitcher account={account} homeAccount={homeAccount} className="min-h-10" onSwitched={() => setOpen(false)} />
          </div>
          <form action={signOutOfConsole}>
            <button type="submit" className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100">
              {t("signOut")}
            </button>
          </form>
        </nav>
      ) : null}
    </header>
  );
}
