"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { signOutOfConsole } from "@/lib/console/actions/session-actions";
import { useMaySeeSenders } from "@/lib/console/queries/senders";

/** `area`: the part of the console the link leads into, marked current anywhere inside it. */
const LINKS = [
  { href: "/packages", label: "Packages", area: "/packages" },
  { href: "/templates", label: "Templates", area: "/templates" },
];

/** The account's administration, shown only to those whose roles let them see its senders. */
const ACCOUNT_LINK = { href: "/account/senders", label: "Account", area: "/account" };

/** The console's top bar: where you are, who you are, the way out; folds into a menu on a phone. */
export function ConsoleNav({ userName, accountName }: { userName: string; accountName: string }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const maySeeSenders = useMaySeeSenders().data === true;
  const links = maySeeSenders ? [...LINKS, ACCOUNT_LINK] : LINKS;
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
        <nav aria-label="Console" className="hidden gap-1 sm:flex">
          {links.map((link) => (
            <Link key={link.href} href={link.href} className={linkClass(link.area)} aria-current={current(link.area)}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-3 sm:flex">
          <p className="text-right text-xs leading-tight text-slate-600">
            <span className="block font-medium text-slate-900">{userName}</span>
            {accountName}
          </p>
          <form action={signOutOfConsole}>
            <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600">
              Sign out
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
          Menu
        </button>
      </div>
      {open ? (
        <nav id="console-mobile-nav" aria-label="Console" className="flex flex-col gap-1 border-t border-slate-200 px-4 py-2 sm:hidden">
          {links.map((link) => (
            <Link key={link.href} href={link.href} className={linkClass(link.area)} aria-current={current(link.area)} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          ))}
          <p className="px-3 pt-2 text-xs text-slate-600">
            {userName} · {accountName}
          </p>
          <form action={signOutOfConsole}>
            <button type="submit" className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100">
              Sign out
            </button>
          </form>
        </nav>
      ) : null}
    </header>
  );
}
